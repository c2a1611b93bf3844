import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { formatPrice, formatProviderName } from '../../../../shared/format';
import type { Listing } from '../../../../shared/types';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useApproveListing } from '../api/use-moderate-listing';
import { usePendingListings } from '../api/use-pending-listings';
import { ProposedChanges } from './proposed-changes';
import { RejectDialog } from './reject-dialog';

const noun = (listing: Listing) => (listing.type === 'tools' ? 'Tool' : 'Service');

/** Pending Approval: every service and tool waiting for a decision, oldest first. */
export function PendingTab() {
  const services = usePendingListings('services');
  const tools = usePendingListings('tools');
  const [rejecting, setRejecting] = useState<Listing | null>(null);
  const items = [...(services.data ?? []), ...(tools.data ?? [])];

  if (services.isLoading || tools.isLoading) {
    return (
      <div className="space-y-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <Card className="p-10 text-center">
        <p className="text-muted">No pending items for approval</p>
      </Card>
    );
  }
  return (
    <div className="space-y-3">
      {items.map((listing) => (
        <PendingCard key={`${listing.type}-${listing.id}`} listing={listing} onReject={() => setRejecting(listing)} />
      ))}
      <RejectDialog listing={rejecting} onOpenChange={(open) => !open && setRejecting(null)} />
    </div>
  );
}

function PendingCard({ listing, onReject }: { listing: Listing; onReject: () => void }) {
  const approve = useApproveListing();
  const isEdit = listing.status === 'approved' && listing.hasPendingChanges;
  const onApprove = () =>
    approve.mutate(
      { type: listing.type, id: listing.id },
      {
        onSuccess: () => toast({ title: `${noun(listing)} approved successfully` }),
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to approve item'), variant: 'destructive' }),
      },
    );
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5" data-testid="pending-item" aria-label={listing.title}>
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone={listing.type === 'tools' ? 'primary' : 'neutral'}>{noun(listing)}</Badge>
          <Badge tone="yellow">{isEdit ? 'Update to a live listing' : 'Pending'}</Badge>
          {listing.category && <span className="text-xs text-muted">{listing.category.name}</span>}
        </div>
        <h3 className="font-semibold break-words text-ink">{listing.title}</h3>
        <p className="line-clamp-2 text-sm text-muted">{listing.shortDescription || listing.description}</p>
        <p className="text-xs text-muted">
          By {formatProviderName(listing.provider)} · {formatPrice(listing)}
          {listing.provider?.email && <> · {listing.provider.email}</>}
        </p>
        {isEdit && <ProposedChanges listing={listing} />}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" className="flex-1 bg-success hover:bg-green-700 sm:flex-none" onClick={onApprove} disabled={approve.isPending}>
          <Check className="h-4 w-4" aria-hidden="true" />
          {approve.isPending ? 'Approving...' : 'Approve'}
        </Button>
        <Button size="sm" variant="outline" className="flex-1 text-danger hover:bg-red-50 sm:flex-none" onClick={onReject}>
          <X className="h-4 w-4" aria-hidden="true" />
          Reject
        </Button>
      </div>
    </Card>
  );
}
