import type { Listing } from '../../../../shared/types';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteListing } from '../api/use-delete-listing';

/** The spec's confirmation before a listing is deleted for good. */
export function DeleteListingDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  const remove = useDeleteListing();
  const noun = listing?.type === 'tools' ? 'tool' : 'service';
  return (
    <ConfirmDialog
      open={!!listing}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${noun}?`}
      description={`Are you sure you want to delete this ${noun}? This action cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        listing &&
        remove.mutate(listing, {
          onSuccess: () => {
            toast({ title: listing.type === 'tools' ? 'Tool deleted' : 'Service deleted', description: `'${listing.title}' has been deleted.` });
            onClose();
          },
          onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
        })
      }
    />
  );
}
