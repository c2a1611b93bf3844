import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { reviewerContextLabels, reviewerContexts, reviewSortLabels, reviewSorts } from '../../../../../shared/review-context';
import type { ReviewListFilters } from '../../../../../shared/schemas/review';
import { cn } from '../../../../lib/cn';

/**
 * The address of the page with the reviews' order or a filter changed, the rest of the address kept,
 * opened at the reviews: plain links, so sorting and filtering work before (and without) the script.
 */
export function useReviewsHref() {
  const [path] = useLocation();
  const search = useSearch();
  return (changes: Partial<Record<keyof ReviewListFilters, string | number | undefined>>) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      // The defaults are left out of the address, so the plain page has one address.
      if (value === undefined || (key === 'sort' && value === 'newest')) params.delete(key);
      else params.set(key, String(value));
    }
    const query = params.toString();
    return `${path}${query ? `?${query}` : ''}#reviews`;
  };
}

function Choice({ href, active, children }: { href: string; active: boolean; children: ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={active ? 'true' : undefined}
      className={cn(
        'rounded-full border px-3 py-1 text-sm whitespace-nowrap',
        active ? 'border-primary bg-primary-soft font-medium text-primary' : 'border-line text-ink hover:bg-canvas',
      )}
    >
      {children}
    </Link>
  );
}

/** Sort (newest, highest, lowest), the reviewer's context, and the stars filter when one is on. */
export function ReviewListControls({ filters }: { filters: ReviewListFilters }) {
  const href = useReviewsHref();
  return (
    <div className="mb-4 space-y-2">
      <nav aria-label="Sort reviews" className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted">Sort:</span>
        {reviewSorts.map((sort) => (
          <Choice key={sort} href={href({ sort })} active={filters.sort === sort}>
            {reviewSortLabels[sort]}
          </Choice>
        ))}
      </nav>
      <nav aria-label="Filter reviews by reviewer" className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted">Reviewer:</span>
        <Choice href={href({ context: undefined })} active={filters.context === undefined}>
          Everyone
        </Choice>
        {reviewerContexts.map((context) => (
          <Choice key={context} href={href({ context })} active={filters.context === context}>
            {reviewerContextLabels[context]}
          </Choice>
        ))}
      </nav>
      {filters.rating !== undefined && (
        <p className="text-sm text-ink">
          Showing {filters.rating}-star reviews.{' '}
          <Link href={href({ rating: undefined })} className="text-primary underline">
            Show all ratings
          </Link>
        </p>
      )}
    </div>
  );
}
