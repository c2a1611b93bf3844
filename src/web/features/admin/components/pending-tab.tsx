import { useState } from 'react';
import { Check, X } from '../../../components/ui/icons';
import { formatPrice, formatListingBy } from '../../../../shared/format';
import type { Listing, ListingType } from '../../../../shared/types';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useApproveListing } from '../api/use-moderate-listing';
import { PENDING_PAGE_SIZE, usePendingListings } from '../api/use-pending-listings';
import { usePageCount } from '../use-page-count';
import { cn } from '../../../lib/cn';
import { Pager } from './pager';
import { ProposedChanges, ProposedProgrammeChanges } from './proposed-changes';
import { RejectDialog } from './reject-dialog';
import { PendingPreview } from './pending-preview';

const noun = (listing: Listing) => (listing.type === 'tools' ? 'Tool' : 'Service');

/**
 * Pending Approval: every service and tool waiting for a decision, oldest first, a paged list per
 * type (each headed by its total) so neither hides the other.
 */
export function PendingTab() {
  const [servicesPage, setServicesPage] = useState(1);
  const [toolsPage, setToolsPage] = useState(1);
  const services = usePendingListings('services', servicesPage);
  const tools = usePendingListings('tools', toolsPage);
  const [rejecting, setRejecting] = useState<Listing | null>(null);

  if (services.isLoading || tools.isLoading) {
    return (
      <div className="space-y-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (!services.data?.total && !tools.data?.total) {
    return (
      <Card className="p-10 text-center">
        <p className="text-muted">No pending items for approval</p>
      </Card>
    );
  }
  return (
    <div className="space-y-8">
      <PendingSection title="Services" type="services" query={services} page={servicesPage} setPage={setServicesPage} onReject={setRejecting} />
      <PendingSection title="Tools" type="tools" query={tools} page={toolsPage} setPage={setToolsPage} onReject={setRejecting} />
      <RejectDialog listing={rejecting} onOpenChange={(open) => !open && setRejecting(null)} />
    </div>
  );
}

type PendingSectionProps = {
  title: string;
  type: ListingType;
  query: ReturnType<typeof usePendingListings>;
  page: number;
  setPage: (page: number) => void;
  onReject: (listing: Listing) => void;
};

function PendingSection({ title, type, query, page, setPage, onReject }: PendingSectionProps) {
  const total = query.data?.total ?? 0;
  const pageCount = usePageCount(query.data?.total, PENDING_PAGE_SIZE, page, setPage);
  if (total === 0) return null;
  const headingId = `pending-${type}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {title} <span className="text-muted">({total})</span>
      </h2>
      <ul className={cn('space-y-3', query.isPlaceholderData && 'opacity-70')} aria-busy={query.isFetching}>
        {query.data?.items.map((listing) => (
          <li key={listing.id}>
            <PendingCard listing={listing} onReject={() => onReject(listing)} />
          </li>
        ))}
      </ul>
      <Pager page={page} pageCount={pageCount} onPageChange={setPage} label={`Pages of pending ${title.toLowerCase()}`} />
    </section>
  );
}

function PendingCard({ listing, onReject }: { listing: Listing; onReject: () => void }) {
  const approve = useApproveListing();
  const isEdit = listing.status === 'approved' && listing.hasPendingChanges;
  const programmeOnly = listing.status === 'approved' && !listing.hasPendingChanges && !!listing.programmeProposal;
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
          <Badge tone="yellow">{isEdit ? 'Update to a live listing' : programmeOnly ? 'Partner programme change' : 'Pending'}</Badge>
          {isEdit && listing.programmeProposal && <Badge tone="amber">With a partner programme change</Badge>}
          {listing.category && <span className="text-xs text-muted">{listing.category.name}</span>}
        </div>
        <h3 className="font-semibold break-words text-ink">{listing.title}</h3>
        <p className="line-clamp-2 text-sm text-muted">{listing.excerpt}</p>
        <p className="text-xs text-muted">
          By {formatListingBy(listing)} · {formatPrice(listing)}
          {listing.provider?.email && <> · {listing.provider.email}</>}
        </p>
        {isEdit && <ProposedChanges listing={listing} />}
        <ProposedProgrammeChanges listing={listing} />
        <PendingPreview listing={listing} />
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
