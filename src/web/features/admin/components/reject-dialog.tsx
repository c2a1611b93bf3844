import { useId, useState } from 'react';
import type { Listing } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useRejectListing } from '../api/use-moderate-listing';

/** Reject with an optional reason, which the provider sees on the listing and in the e-mail. */
export function RejectDialog({ listing, onOpenChange }: { listing: Listing | null; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const reject = useRejectListing();
  const [reason, setReason] = useState('');
  const noun = listing?.type === 'tools' ? 'Tool' : 'Service';

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!listing) return;
    reject.mutate(
      { type: listing.type, id: listing.id, reason },
      {
        onSuccess: () => {
          toast({ title: `${noun} rejected` });
          setReason('');
          onOpenChange(false);
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to reject item'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={!!listing} onOpenChange={onOpenChange}>
      <DialogContent title={`Reject ${noun}`} description={listing ? `"${listing.title}" will not go live. Its provider is told why by e-mail and in their dashboard.` : undefined}>
        <form onSubmit={onSubmit} className="space-y-4">
          <FormField id={`${id}-reason`} label="Reason (optional)">
            <Textarea id={`${id}-reason`} rows={4} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="What should the provider change?" />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {reject.isPending ? 'Rejecting...' : 'Reject'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
