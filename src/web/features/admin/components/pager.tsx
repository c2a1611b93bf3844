import { ChevronLeft, ChevronRight } from '../../../components/ui/icons';
import { Button } from '../../../components/ui/button';

/** Previous / 'Page x of y' / Next under an admin list; nothing when everything fits on one page. */
export function Pager({ page, pageCount, onPageChange, label }: { page: number; pageCount: number; onPageChange: (page: number) => void; label: string }) {
  if (pageCount <= 1) return null;
  const go = (next: number) => {
    onPageChange(next);
    // The new page starts at the top of the list, not where the old one ended.
    window.scrollTo({ top: 0 });
  };
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-1">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-muted" aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => go(page + 1)}>
        Next
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
