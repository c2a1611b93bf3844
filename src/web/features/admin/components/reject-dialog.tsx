import { useId, useState } from 'react';
import type { Listing } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useRejectListing } from '../api/use-moderate-listing';

/**
 * Reject with a reason, which the provider sees on their dashboard and in the e-mail. The dialog
 * asks for one so the provider knows what to change; the API's reject takes none too, as the
 * spec's call has no body.
 */
export function RejectDialog({ listing, onOpenChange }: { listing: Listing | null; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const reject = useRejectListing();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const noun = listing?.type === 'tools' ? 'Tool' : 'Service';

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!listing) return;
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    reject.mutate(
      { type: listing.type, id: listing.id, reason },
      {
        onSuccess: () => {
          toast({ title: `${noun} rejected` });
          setReason('');
          setMissing(false);
          onOpenChange(false);
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to reject item'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={!!listing} onOpenChange={onOpenChange}>
      <DialogContent title={`Reject ${noun}`} description={listing ? `"${listing.title}" will not go live. Its provider is told why by e-mail and in their dashboard.` : undefined}>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField id={`${id}-reason`} label="Reason" error={missing ? 'Say why, so the provider knows what to change' : undefined} hint="Shown to the provider on their dashboard and in the e-mail.">
            <Textarea
              id={`${id}-reason`}
              rows={4}
              maxLength={1000}
              required
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${id}-reason-error` : undefined}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (e.target.value.trim()) setMissing(false);
              }}
              placeholder="What should the provider change?"
            />
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
