import { Link } from 'wouter';
import { AlertTriangle, Clock, Eye, Pencil, Trash2 } from '../../../components/ui/icons';
import { formatDelivery, formatPrice, formatRating } from '../../../../shared/format';
import type { Listing } from '../../../../shared/types';
import { ListingImage } from '../../../components/listing/listing-image';
import { listingPath } from '../../../components/listing/listing-paths';
import { ListingStatusBadge } from '../../../components/listing/listing-status-badge';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

type OwnListingCardProps = {
  listing: Listing;
  onEdit: () => void;
  onDelete: () => void;
  /** Above Edit and Delete: feature the listing in a slot of the plan, or stop featuring it. */
  featuring?: React.ReactNode;
};

/** One of the provider's own listings: where it stands in moderation, how it does, and its actions. */
export function OwnListingCard({ listing, onEdit, onDelete, featuring }: OwnListingCardProps) {
  const delivery = listing.type === 'services' ? formatDelivery(listing.deliveryTime) : null;
  // Tools show the screenshot of their website; a broken image falls back to the placeholder (hidden).
  const picture = listing.screenshotUrl ?? listing.imageUrl;
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="own-listing" aria-label={listing.title}>
      <ListingImage src={picture} alt={listing.type === 'tools' ? `Screenshot of ${listing.title}` : ''} className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-1.5">
          <ListingStatusBadge status={listing.status} />
          <Badge tone="neutral">{listing.type === 'tools' ? 'Tool' : 'Service'}</Badge>
          {/* As visitors see it: a slot the provider pays for is Sponsored, an editors' pick Featured. */}
          {listing.isFeatured && <Badge tone="primary">{listing.sponsored ? 'Sponsored' : 'Featured'}</Badge>}
        </div>
        <div className="space-y-1">
          {listing.category && <p className="text-xs font-medium tracking-wide text-primary uppercase">{listing.category.name}</p>}
          <h3 className="text-base leading-snug font-semibold break-words text-ink">
            {listing.status === 'approved' ? (
              <Link href={listingPath(listing)} className="hover:text-primary hover:underline">
                {listing.title}
              </Link>
            ) : (
              listing.title
            )}
          </h3>
          <p className="text-sm font-medium text-ink">
            {formatPrice(listing)}
            {delivery && <span className="font-normal text-muted"> · {delivery}</span>}
          </p>
        </div>
        <ModerationNote listing={listing} />
        <p className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
          <span className="inline-flex items-center gap-1">
            <Eye className="h-3.5 w-3.5" aria-hidden="true" />
            {listing.viewCount} {listing.viewCount === 1 ? 'view' : 'views'}
          </span>
          <span>{formatRating(listing.rating, listing.reviewCount)}</span>
        </p>
      </div>
      {featuring && <div className="border-t border-line px-4 pt-3">{featuring}</div>}
      <div className={`flex gap-2 px-4 py-3 ${featuring ? '' : 'border-t border-line'}`}>
        <Button variant="outline" size="sm" className="flex-1" onClick={onEdit} aria-label={`Edit ${listing.title}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit
        </Button>
        <Button variant="outline" size="sm" className="flex-1 text-danger hover:bg-red-50" onClick={onDelete} aria-label={`Delete ${listing.title}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </Button>
      </div>
    </Card>
  );
}

/** Why a listing is not (or not fully) live, in the provider's words. */
function ModerationNote({ listing }: { listing: Listing }) {
  if (listing.status === 'rejected') {
    return (
      <Note tone="red" icon={<AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />}>
        <strong className="font-semibold">Rejected{listing.rejectionReason ? ':' : ''}</strong>{' '}
        {listing.rejectionReason ?? 'An administrator did not approve this listing.'} Edit it to resubmit it for approval.
      </Note>
    );
  }
  if (listing.status === 'pending') {
    return (
      <Note tone="yellow" icon={<Clock className="h-4 w-4 shrink-0" aria-hidden="true" />}>
        Waiting for approval. This usually takes 2-3 business days.
      </Note>
    );
  }
  if (listing.hasPendingChanges) {
    return (
      <Note tone="yellow" icon={<Clock className="h-4 w-4 shrink-0" aria-hidden="true" />}>
        Update pending approval. The live version stays as it is until then.
      </Note>
    );
  }
  if (listing.rejectionReason) {
    return (
      <Note tone="red" icon={<AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />}>
        <strong className="font-semibold">Your last update was not approved:</strong> {listing.rejectionReason}
      </Note>
    );
  }
  return null;
}

function Note({ tone, icon, children }: { tone: 'red' | 'yellow'; icon: React.ReactNode; children: React.ReactNode }) {
  const look = tone === 'red' ? 'border-red-200 bg-red-50 text-red-800' : 'border-yellow-200 bg-yellow-50 text-yellow-900';
  return (
    <p className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${look}`} data-testid="moderation-note">
      {icon}
      <span>{children}</span>
    </p>
  );
}
