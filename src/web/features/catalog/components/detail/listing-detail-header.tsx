import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDelivery, formatPrice, formatListingBy } from '../../../../../shared/format';
import type { Listing } from '../../../../../shared/types';
import { FeaturedBadge } from '../../../../components/listing/featured-badge';
import { companyPath } from '../../../../components/listing/listing-paths';
import { RatingSummary } from '../../../../components/listing/rating-summary';
import { PlanBadge } from '../../../../components/listing/plan-badge';
import { Badge } from '../../../../components/ui/badge';
import { BackButton } from './back-button';

/** Back, the title with its badges, who provides it, and how it is rated. `actions` sits beside the title (the favourite heart). */
export function ListingDetailHeader({ listing, actions }: { listing: Listing; actions?: ReactNode }) {
  const providerName = formatListingBy(listing);
  return (
    <header className="space-y-3">
      <BackButton fallback={listing.type === 'tools' ? '/tools' : '/services'} />
      <div className="flex flex-wrap items-center gap-2">
        {listing.category && (
          <Link href={`/category/${encodeURIComponent(listing.category.slug)}?type=${listing.type}`} className="rounded-full hover:opacity-80">
            <Badge tone="neutral">{listing.category.name}</Badge>
          </Link>
        )}
        {listing.isFeatured && <FeaturedBadge sponsored={listing.sponsored} tone="primary" />}
      </div>
      <div className="flex items-start justify-between gap-4">
        <h1 className="min-w-0 text-3xl font-bold tracking-tight break-words text-ink sm:text-4xl">{listing.title}</h1>
        {actions && <div className="shrink-0">{actions}</div>}
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">
          <span>
            by{' '}
            {listing.provider ? (
              <Link href={companyPath(listing.provider)} className="font-medium text-primary hover:underline">
                {providerName}
              </Link>
            ) : (
              providerName
            )}
          </span>
          <PlanBadge badge={listing.provider?.badge} />
        </span>
        <RatingSummary rating={listing.rating} reviewCount={listing.reviewCount} />
      </div>
      {/* On phones the sidebar comes after the reviews: the price is repeated here, where a buyer looks first. */}
      <p className="text-lg font-semibold text-ink lg:hidden">
        {formatPrice(listing)}
        {formatDelivery(listing.deliveryTime) && <span className="ml-2 text-sm font-normal text-muted">· {formatDelivery(listing.deliveryTime)} delivery</span>}
      </p>
    </header>
  );
}
