import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Clock, Flame } from '../../../../components/ui/icons';
import { formatDelivery, formatPrice, formatListingBy } from '../../../../../shared/format';
import type { ListingSummary } from '../../../../../shared/types';
import { ListingImage } from '../../../../components/listing/listing-image';
import { listingPath } from '../../../../components/listing/listing-paths';
import { RatingSummary } from '../../../../components/listing/rating-summary';
import { cn } from '../../../../lib/cn';

const medal = ['bg-amber-400 text-amber-950', 'bg-slate-300 text-slate-900', 'bg-orange-300 text-orange-950'];

/** One of the three most trending services: its rank, and everything a buyer compares at a glance. */
export function TrendingTopEntry({ listing, rank, action }: { listing: ListingSummary; rank: number; action?: ReactNode }) {
  const delivery = formatDelivery(listing.deliveryTime);
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-primary hover:shadow-md sm:flex-row">
      <div className="relative sm:w-80 sm:shrink-0 sm:self-center">
        <ListingImage src={listing.imageUrl} alt="" className="aspect-[16/9] w-full" sizes="(min-width: 640px) 320px, 100vw" priority={rank === 1 ? 'eager' : 'lazy'} />
        <span className={cn('absolute top-3 left-3 flex h-10 w-10 items-center justify-center rounded-full text-lg font-bold shadow', medal[rank - 1] ?? 'bg-primary text-white')}>
          <span className="sr-only">Number </span>
          {rank}
        </span>
      </div>
      {action && <div className="absolute top-2 right-2 z-10">{action}</div>}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="inline-flex items-center gap-1 text-xs font-semibold tracking-wide text-orange-700 uppercase">
          <Flame aria-hidden="true" className="h-4 w-4" />
          Trending
        </p>
        <h3 className="pr-10 text-lg font-semibold text-ink">
          <Link href={listingPath(listing)} className="outline-none after:absolute after:inset-0 after:content-['']">
            {listing.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-muted">{listing.excerpt}</p>
        <p className="text-sm text-ink">by {formatListingBy(listing)}</p>
        <div className="mt-auto flex flex-wrap items-center gap-x-5 gap-y-2 pt-2 text-sm">
          {delivery && (
            <span className="inline-flex items-center gap-1 text-muted">
              <Clock aria-hidden="true" className="h-4 w-4" />
              {delivery}
            </span>
          )}
          <RatingSummary rating={listing.rating} reviewCount={listing.reviewCount} />
          <span className="ml-auto font-semibold text-ink">{formatPrice(listing)}</span>
        </div>
      </div>
    </article>
  );
}
