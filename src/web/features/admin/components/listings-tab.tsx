import { useDeferredValue, useState } from 'react';
import { Link } from 'wouter';
import { Pencil, Star, Trash2 } from '../../../components/ui/icons';
import { formatPrice, formatListingBy, formatRating } from '../../../../shared/format';
import type { Listing, ListingStatus, ListingType } from '../../../../shared/types';
import { listingPath } from '../../../components/listing/listing-paths';
import { ListingStatusBadge } from '../../../components/listing/listing-status-badge';
import { ListingFormDialog } from '../../../components/listing-form/listing-form-dialog';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { LISTINGS_PAGE_SIZE, useAdminListings, useStatusCounts } from '../api/use-admin-listings';
import { useDeleteAdminListing } from '../api/use-delete-admin-listing';
import { usePageCount } from '../use-page-count';
import { Pager } from './pager';

const statuses: { value: ListingStatus; label: string }[] = [
  { value: 'approved', label: 'Live' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
];

/** The Services and Tools tabs: search, status filter with counts (default Live), edit and delete. */
export function ListingsTab({ type }: { type: ListingType }) {
  const [status, setStatus] = useState<ListingStatus>('approved');
  const [searchText, setSearchText] = useState('');
  const search = useDeferredValue(searchText.trim());
  const [page, setPage] = useState(1);
  const listings = useAdminListings(type, status, search, page);
  const pageCount = usePageCount(listings.data?.total, LISTINGS_PAGE_SIZE, page, setPage);
  const counts = useStatusCounts(type, search);
  const [editing, setEditing] = useState<Listing | null>(null);
  const [deleting, setDeleting] = useState<Listing | null>(null);
  const remove = useDeleteAdminListing();
  const plural = type === 'tools' ? 'tools' : 'services';
  const noun = type === 'tools' ? 'tool' : 'service';

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { type, id: deleting.id },
      {
        onSuccess: () => {
          toast({ title: type === 'tools' ? 'Tool deleted' : 'Service deleted' });
          setDeleting(null);
        },
        // SPEC.md section 8: service and tool delete errors show the raw message ("404: {...}").
        onError: (error) => toast({ title: 'Error', description: error instanceof Error ? error.message : String(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <SearchInput
          wrapperClassName="w-full lg:max-w-sm"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            setPage(1);
          }}
          placeholder={`Search ${plural}...`}
          aria-label={`Search ${plural} by title or description`}
        />
        <div role="group" aria-label="Status" className="flex gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1">
          {statuses.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={status === option.value}
              onClick={() => {
                setStatus(option.value);
                setPage(1);
              }}
              className={cn(
                'flex h-8 flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-ink',
                status === option.value && 'bg-surface text-ink shadow-sm',
              )}
            >
              {option.label}
              <span className="rounded-full bg-slate-200 px-1.5 text-xs text-ink">{counts.data?.[option.value] ?? '–'}</span>
            </button>
          ))}
        </div>
      </div>

      {listings.isLoading ? (
        <div className="space-y-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      ) : listings.data?.items.length === 0 ? (
        <Card className="p-10 text-center text-muted">
          {search ? `No ${plural} match "${search}".` : `No ${statuses.find((s) => s.value === status)!.label.toLowerCase()} ${plural}.`}
        </Card>
      ) : (
        <ul className={cn('space-y-3', listings.isFetching && 'opacity-70')} aria-label={`${plural} list`}>
          {listings.data?.items.map((listing) => (
            <li key={listing.id}>
              <AdminListingRow listing={listing} onEdit={() => setEditing(listing)} onDelete={() => setDeleting(listing)} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} onPageChange={setPage} label={`Pages of ${plural}`} />

      {editing && (
        <ListingFormDialog
          type={type}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          listing={editing}
          showFeatured
          chooseProvider
          description={
            editing.status === 'rejected'
              ? `Update this ${noun} and resubmit it for approval.`
              : `Changes by an administrator apply at once.`
          }
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${noun}`}
        description={`Are you sure you want to delete this ${noun}? This action cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </div>
  );
}

function AdminListingRow({ listing, onEdit, onDelete }: { listing: Listing; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="admin-listing" aria-label={listing.title}>
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <ListingStatusBadge status={listing.status} />
          {listing.isFeatured && (
            <Badge tone="primary">
              <Star className="mr-1 h-3 w-3" aria-hidden="true" />
              Featured
            </Badge>
          )}
          {listing.hasPendingChanges && <Badge tone="yellow">Update pending</Badge>}
          {listing.category && <span className="text-xs text-muted">{listing.category.name}</span>}
        </div>
        <h2 className="font-semibold break-words text-ink">
          {listing.status === 'approved' ? (
            <Link href={listingPath(listing)} className="hover:text-primary hover:underline">
              {listing.title}
            </Link>
          ) : (
            listing.title
          )}
        </h2>
        <p className="text-xs text-muted">
          {formatListingBy(listing)} · {formatPrice(listing)} · {formatRating(listing.rating, listing.reviewCount)}
        </p>
        {listing.status === 'rejected' && listing.rejectionReason && <p className="text-xs text-danger">Reason: {listing.rejectionReason}</p>}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" className="flex-1 sm:flex-none" onClick={onEdit}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit
        </Button>
        <Button variant="outline" size="sm" className="flex-1 text-danger hover:bg-red-50 sm:flex-none" onClick={onDelete}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </Button>
      </div>
    </Card>
  );
}
