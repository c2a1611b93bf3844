import { ListingCard } from '../../../components/listing/listing-card';
import { ListingGrid, ListingGridSkeleton } from '../../../components/listing/listing-grid';
import { Button } from '../../../components/ui/button';
import type { ListingSummary, ListingType } from '../../../../shared/types';
import { FavoriteButton } from './favorite-button';

const titles: Record<ListingType, string> = { tools: 'Tools & Software', services: 'Services' };

/** One group of the favourites page: its title with the count, the cards, and "Show more" for long lists. */
type FavoritesGroupProps = {
  type: ListingType;
  listings: ListingSummary[];
  total: number;
  isLoading: boolean;
  /** Present while more saved listings wait on the server. */
  onShowMore?: () => void;
  isLoadingMore: boolean;
};

export function FavoritesGroup({ type, listings, total, isLoading, onShowMore, isLoadingMore }: FavoritesGroupProps) {
  const headingId = `favorites-${type}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-ink">
        {titles[type]}
        <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-sm font-medium text-primary">{total}</span>
      </h2>
      {isLoading ? (
        <ListingGridSkeleton count={3} />
      ) : listings.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-surface px-4 py-6 text-sm text-muted">
          {type === 'tools' ? 'No tools saved yet.' : 'No services saved yet.'}
        </p>
      ) : (
        <>
          <ListingGrid>
            {listings.map((listing) => (
              <ListingCard key={listing.id} listing={listing} action={<FavoriteButton listing={listing} />} />
            ))}
          </ListingGrid>
          {onShowMore && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={onShowMore} disabled={isLoadingMore}>
                {isLoadingMore ? 'Loading...' : `Show more ${type === 'tools' ? 'tools' : 'services'}`}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
