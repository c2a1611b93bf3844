import type { ReactNode } from 'react';
import type { ListingSummary } from '../../../../../shared/types';
import { ListingCard } from '../../../../components/listing/listing-card';
import { ListingGrid } from '../../../../components/listing/listing-grid';
import { Skeleton } from '../../../../components/ui/skeleton';
import { useTrendingServices } from '../../api/use-trending-services';
import { EmptyState, ErrorState } from '../status-message';
import { TrendingTopEntry } from './trending-top-entry';

const TOP = 3;

/** The three most trending services ranked, then the rest as cards under 'More Trending Services'. */
export function TrendingList({ renderAction }: { renderAction?: (listing: ListingSummary) => ReactNode }) {
  const trending = useTrendingServices();
  if (trending.isPending) {
    return (
      <div role="status" aria-label="Loading" className="space-y-5">
        {Array.from({ length: TOP }, (_, index) => (
          <Skeleton key={index} className="h-44 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (trending.error) return <ErrorState error={trending.error} onRetry={() => void trending.refetch()} />;
  if (trending.data.length === 0) return <EmptyState title="No trending services yet" description="Check back soon: trends follow what agencies view, save and review." />;

  const top = trending.data.slice(0, TOP);
  const more = trending.data.slice(TOP);
  return (
    <div className="space-y-12">
      {/* A section named by its heading, not an aria-label on the list: screen readers announce a list's own name unreliably. */}
      <section aria-labelledby="top-trending-heading">
        <h2 id="top-trending-heading" className="sr-only">
          Top trending services
        </h2>
        <ol className="space-y-5">
          {top.map((listing, index) => (
            <li key={listing.id}>
              <TrendingTopEntry listing={listing} rank={index + 1} action={renderAction?.(listing)} />
            </li>
          ))}
        </ol>
      </section>
      {more.length > 0 && (
        <section aria-labelledby="more-trending-heading">
          <h2 id="more-trending-heading" className="mb-6 text-2xl font-bold text-ink">
            More Trending Services
          </h2>
          <ListingGrid>
            {more.map((listing) => (
              <ListingCard key={listing.id} listing={listing} action={renderAction?.(listing)} />
            ))}
          </ListingGrid>
        </section>
      )}
    </div>
  );
}
