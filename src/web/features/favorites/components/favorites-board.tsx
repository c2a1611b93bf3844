import { errorMessage, isUnauthorized } from '../../../lib/api';
import { useFavorites } from '../api/use-favorites';
import { useSignInNotice } from '../use-sign-in-notice';
import { FavoritesEmptyState } from './favorites-empty-state';
import { FavoritesGroup } from './favorites-group';

/**
 * The member's favourites grouped into 'Tools & Software' and 'Services' with their counts, or the
 * empty state: the body of /favorites and of the dashboard's Favorites tab. Signed-in members only.
 */
export function FavoritesBoard() {
  const tools = useFavorites('tools');
  const services = useFavorites('services');
  const failure = tools.error ?? services.error;

  // The session ended while the page was open (or in another tab).
  useSignInNotice(isUnauthorized(failure), { title: 'Unauthorized', description: 'You are logged out. Logging in again...' });

  if (failure && !isUnauthorized(failure)) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-center text-sm text-danger">
        {errorMessage(failure, 'Your favorites could not be loaded. Please try again.')}
      </p>
    );
  }
  if (tools.isSuccess && services.isSuccess && tools.total === 0 && services.total === 0) return <FavoritesEmptyState />;

  return (
    <div className="space-y-12">
      {([
        ['tools', tools],
        ['services', services],
      ] as const).map(([type, group]) => (
        <FavoritesGroup
          key={type}
          type={type}
          listings={group.listings}
          total={group.total}
          isLoading={group.isPending}
          onShowMore={group.hasNextPage ? () => void group.fetchNextPage() : undefined}
          isLoadingMore={group.isFetchingNextPage}
        />
      ))}
    </div>
  );
}
