import { Flame } from '../components/ui/icons';
import { PageHero } from '../features/catalog/components/page-hero';
import { TrendingList } from '../features/catalog/components/trending/trending-list';
import { usePageMeta } from '../lib/page-meta';
import { favoriteAction } from '../features/favorites/components/favorite-action';

/** /trending: the services agencies are looking at, saving and reviewing most right now. */
export function TrendingPage() {
  usePageMeta('trending');
  return (
    <main className="flex-1">
      <PageHero
        title="Trending Services"
        icon={<Flame className="h-8 w-8" aria-hidden="true" />}
        description="The services agencies are viewing, saving and reviewing most right now."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <TrendingList renderAction={favoriteAction} />
      </div>
    </main>
  );
}
