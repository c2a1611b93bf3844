import { useState } from 'react';
import { PackageOpen, Plus } from '../../../components/ui/icons';
import type { FeaturedSlotsJson } from '../../../../shared/schemas/plan';
import type { Listing, ListingStatus, ListingType } from '../../../../shared/types';
import { ListingGridSkeleton } from '../../../components/listing/listing-grid';
import { ListingFormDialog } from '../../../components/listing-form/listing-form-dialog';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useFeaturedSlots } from '../api/use-featured-slots';
import { OWN_LISTINGS_PAGE_SIZE, useOwnListings } from '../api/use-own-listings';
import { useProviderStats } from '../api/use-provider-stats';
import { DeleteListingDialog } from './delete-listing-dialog';
import { FeatureControl, FeaturedSlotsSummary } from './featured-slots';
import { OwnListingCard } from './own-listing-card';
import { PageButtons } from './page-buttons';

const filters: { status: ListingStatus; label: string }[] = [
  { status: 'approved', label: 'Live' },
  { status: 'pending', label: 'Pending' },
  { status: 'rejected', label: 'Rejected' },
];

type Editing = { type: ListingType; listing: Listing | null } | null;

/** The provider's services and tools by status (default Live), with add, edit and delete. */
export function OwnListingsPanel() {
  const [status, setStatus] = useState<ListingStatus>('approved');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Listing | null>(null);
  const stats = useProviderStats().data;
  const slots = useFeaturedSlots().data;
  const counts: Record<ListingStatus, number | undefined> = {
    approved: stats?.listings.live,
    pending: stats?.listings.pending,
    rejected: stats?.listings.rejected,
  };

  return (
    <section aria-labelledby="own-listings-heading" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="own-listings-heading" className="text-xl font-semibold text-ink">
          My Listings
        </h2>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button onClick={() => setEditing({ type: 'services', listing: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Service
          </Button>
          <Button variant="secondary" onClick={() => setEditing({ type: 'tools', listing: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Tool
          </Button>
        </div>
      </div>
      <FeaturedSlotsSummary slots={slots} />

      <Tabs
        value={status}
        onValueChange={(value) => {
          setStatus(value as ListingStatus);
          setOffset(0);
        }}
      >
        <TabsList aria-label="Filter by status">
          {filters.map((filter) => (
            <TabsTrigger key={filter.status} value={filter.status}>
              {filter.label}
              {counts[filter.status] !== undefined && <span className="text-xs">({counts[filter.status]})</span>}
            </TabsTrigger>
          ))}
        </TabsList>
        {filters.map((filter) => (
          <TabsContent key={filter.status} value={filter.status}>
            <StatusList
              status={filter.status}
              slots={slots}
              offset={offset}
              onPage={setOffset}
              onEdit={(listing) => setEditing({ type: listing.type, listing })}
              onDelete={setDeleting}
            />
          </TabsContent>
        ))}
      </Tabs>

      {editing && (
        <ListingFormDialog
          type={editing.type}
          listing={editing.listing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      <DeleteListingDialog listing={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

type StatusListProps = {
  status: ListingStatus;
  /** The plan's featured slots; until they are read, the cards show no featuring action. */
  slots: FeaturedSlotsJson | undefined;
  offset: number;
  onPage: (offset: number) => void;
  onEdit: (listing: Listing) => void;
  onDelete: (listing: Listing) => void;
};

function StatusList({ status, slots, offset, onPage, onEdit, onDelete }: StatusListProps) {
  const { data, isLoading, isError } = useOwnListings(status, offset);
  if (isLoading) return <ListingGridSkeleton count={3} />;
  if (isError || !data) {
    return <p className="rounded-lg border border-line bg-surface p-6 text-center text-sm text-muted">Your listings could not be loaded. Please try again.</p>;
  }
  if (data.items.length === 0) return <EmptyList status={status} />;
  return (
    <>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {data.items.map((listing) => (
          <OwnListingCard
            key={`${listing.type}-${listing.id}`}
            listing={listing}
            onEdit={() => onEdit(listing)}
            onDelete={() => onDelete(listing)}
            featuring={slots && (listing.status === 'approved' || slots.slots.some((slot) => slot.listingId === listing.id)) ? <FeatureControl listing={listing} slots={slots} /> : undefined}
          />
        ))}
      </div>
      <PageButtons offset={offset} pageSize={OWN_LISTINGS_PAGE_SIZE} total={data.total} onChange={onPage} />
    </>
  );
}

const emptyTexts: Record<ListingStatus, { title: string; text: string }> = {
  approved: { title: 'No live listings yet', text: 'Add a service or a tool; it goes live once an administrator approves it.' },
  pending: { title: 'Nothing waiting for approval', text: 'New listings and resubmissions wait here until an administrator reviews them.' },
  rejected: { title: 'No rejected listings', text: 'Listings an administrator did not approve appear here with the reason.' },
};

function EmptyList({ status }: { status: ListingStatus }) {
  const { title, text } = emptyTexts[status];
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center">
      <PackageOpen className="h-10 w-10 text-muted" aria-hidden="true" />
      <p className="font-semibold text-ink">{title}</p>
      <p className="max-w-md text-sm text-muted">{text}</p>
    </div>
  );
}
