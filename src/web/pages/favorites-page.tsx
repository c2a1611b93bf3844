import { FavoritesBoard } from '../features/favorites/components/favorites-board';

/**
 * /favorites: 'My Favorites', grouped into tools and services (SPEC.md section 2). Visitors who are
 * not signed in get the layout's sign-in screen instead of this page.
 */
export default function FavoritesPage() {
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-ink">My Favorites</h1>
        <p className="mt-2 text-muted">The tools and services you saved, most recent first.</p>
      </header>
      <FavoritesBoard />
    </main>
  );
}
