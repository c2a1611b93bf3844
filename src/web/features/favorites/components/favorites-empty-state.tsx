import { Link } from 'wouter';
import { Heart } from '../../../components/ui/icons';
import { Button } from '../../../components/ui/button';

/** Nothing saved yet: what the heart does, and where to find something to save. */
export function FavoritesEmptyState() {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-14 text-center">
      <Heart aria-hidden="true" className="mb-3 h-10 w-10 text-muted" />
      <h2 className="text-lg font-semibold text-ink">No favorites yet</h2>
      <p className="mt-1 max-w-md text-sm text-muted">
        Tap the heart on any tool or service to save it here, so you can compare and come back to it later.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/tools">Browse Tools</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/services">Browse Services</Link>
        </Button>
      </div>
    </div>
  );
}
