import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatPrice, formatListingBy } from '../../../shared/format';
import type { ListingSummary } from '../../../shared/types';
import { CompareLink } from './compare-link';
import { FeaturedBadge } from './featured-badge';
import { ListingImage } from './listing-image';
import { listingPath } from './listing-paths';
import { ListingStatusBadge } from './listing-status-badge';
import { ListingTags } from './listing-tags';
import { PartnerCardLine } from './partner-card-line';
import { RatingSummary } from './rating-summary';

export type ListingCardProps = {
  listing: ListingSummary;
  /** Rendered in the card's top-right corner, above the link: the favourite heart, for instance. */
  action?: ReactNode;
  /** Shows the moderation status badge (provider and admin views). */
  showStatus?: boolean;
  /** Rendered under the card's body: edit and delete buttons in the dashboards, for instance. */
  footer?: ReactNode;
  /** 'eager' for the cards of a grid's first row, on screen as the page opens; the rest load as they are scrolled to. */
  imagePriority?: 'high' | 'eager' | 'lazy';
  /**
   * False where every card is featured and the list says so once (the home page's Featured
   * Services): only a sponsored card is marked there, as a paid placement is wherever it shows.
   */
  featuredBadge?: boolean;
};

/** The one card for services and tools alike (SPEC.md section 1). The whole card opens the detail page. */
export function ListingCard({ listing, action, showStatus, footer, imagePriority, featuredBadge = true }: ListingCardProps) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-primary hover:shadow-md">
      <div className="relative">
        <ListingImage src={listing.imageUrl} alt="" className="aspect-[16/9] w-full" priority={imagePriority} />
        {action && <div className="absolute top-2 right-2 z-10">{action}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="space-y-1">
          <div className="flex min-h-5 items-center justify-between gap-2">
            <p className="truncate text-xs font-medium tracking-wide text-primary uppercase">{listing.category?.name}</p>
            <div className="flex shrink-0 gap-1.5">
              {showStatus && <ListingStatusBadge status={listing.status} />}
              {listing.isFeatured && (featuredBadge || listing.sponsored) && <FeaturedBadge sponsored={listing.sponsored} tone="amber" />}
            </div>
          </div>
          <h3 className="line-clamp-2 text-base leading-snug font-semibold text-ink">
            {/* The link stretches over the whole card (after:inset-0) so the card is one click target and one tab stop. */}
            <Link href={listingPath(listing)} className="outline-none after:absolute after:inset-0 after:content-['']">
              {listing.title}
            </Link>
          </h3>
          <p className="text-sm text-muted">by {formatListingBy(listing)}</p>
        </div>
        {listing.excerpt && <p className="line-clamp-2 text-sm text-muted">{listing.excerpt}</p>}
        <ListingTags tags={listing.tags} />
        {listing.partner && <PartnerCardLine partner={listing.partner} />}
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-line pt-3">
          <RatingSummary rating={listing.rating} reviewCount={listing.reviewCount} compact />
          <span className="text-right text-sm font-semibold text-ink">{formatPrice(listing)}</span>
        </div>
        {/* Above the card's stretched link, so it is a click target of its own. Live listings only: only they can be compared. */}
        {listing.status === 'approved' && !showStatus && <CompareLink listingId={listing.id} title={listing.title} className="relative z-10 self-start" />}
      </div>
      {footer && <div className="relative z-10 border-t border-line px-4 py-3">{footer}</div>}
    </article>
  );
}
