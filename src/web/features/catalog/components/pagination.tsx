import { Link } from 'wouter';
import { ChevronLeft, ChevronRight } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

/** The page numbers worth showing: the first, the last, and the current one with its neighbours. */
export function visiblePages(page: number, pageCount: number): (number | 'gap')[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) result.push('gap');
    result.push(n);
  });
  return result;
}

const step = 'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-3 text-sm font-medium';
const idle = 'border-line bg-surface text-ink hover:bg-canvas';
const current = 'border-primary bg-primary text-white hover:bg-primary-hover';

/** Previous / numbered pages / Next, as links so every page has its own URL. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const toTop = () => window.scrollTo({ top: 0 });
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} onClick={toTop} className={cn(step, idle)} rel="prev">
          <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(step, idle, 'pointer-events-none opacity-50')}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
        </span>
      )}
      <ul className="hidden items-center gap-2 sm:flex">
        {visiblePages(page, pageCount).map((n, index) =>
          n === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                href={hrefFor(n)}
                onClick={toTop}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                className={cn(step, n === page ? current : idle)}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      <span className="text-sm text-muted sm:hidden">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link href={hrefFor(page + 1)} onClick={toTop} className={cn(step, idle)} rel="next">
          Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(step, idle, 'pointer-events-none opacity-50')}>
          Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </span>
      )}
    </nav>
  );
}
