import { Link } from 'wouter';
import { ArrowRight } from '../../../components/ui/icons';
import type { ListingSummary } from '../../../../shared/types';
import { ListingCard } from '../../../components/listing/listing-card';
import { ListingGrid, ListingGridSkeleton } from '../../../components/listing/listing-grid';
import { Button } from '../../../components/ui/button';
import { FavoriteButton } from './favorite-button';

/** The dashboard's latest saved listings (the spec's 4) and the way to all of them. */
export function RecentFavorites({ listings, isLoading }: { listings: ListingSummary[]; isLoading: boolean }) {
  return (
    <section aria-labelledby="recent-favorites" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-favorites" className="text-xl font-semibold text-ink">
          Recent favorites
        </h2>
        <Link href="/favorites" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          View all favorites
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      {isLoading ? (
        <ListingGridSkeleton count={4} columns={4} />
      ) : listings.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center">
          <p className="text-sm text-muted">You have not saved anything yet. Save tools and services with the heart to find them here.</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Button asChild size="sm">
              <Link href="/tools">Browse Tools</Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link href="/services">Browse Services</Link>
            </Button>
          </div>
        </div>
      ) : (
        <ListingGrid columns={4}>
          {listings.map((listing) => (
            <ListingCard key={listing.id} listing={listing} action={<FavoriteButton listing={listing} />} />
          ))}
        </ListingGrid>
      )}
    </section>
  );
}
