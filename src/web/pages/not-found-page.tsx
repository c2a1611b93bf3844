import { Link } from 'wouter';
import { Home } from '../components/ui/icons';
import { Button } from '../components/ui/button';
import { usePageMeta } from '../lib/page-meta';

export function NotFoundPage() {
  usePageMeta('not-found');
  return (
    <main className="flex flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">Page not found</h1>
      <p className="mt-3 max-w-md text-muted">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link href="/">
          <Home className="h-4 w-4" aria-hidden="true" /> Go back home
        </Link>
      </Button>
    </main>
  );
}
