import type { ReactNode } from 'react';
import type { RatingBreakdown as Breakdown } from '../../../shared/types';
import { RatingSummary } from './rating-summary';

const starsLabel = (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`;

/**
 * The rating, the count, and one bar per number of stars with how many gave it. `linkFor` turns a
 * row into a link (the listing's reviews filtered by those stars); `current` marks the one shown.
 */
export function RatingBreakdown({
  rating,
  reviewCount,
  stars,
  linkFor,
  current,
}: {
  rating: number;
  reviewCount: number;
  stars: Breakdown;
  linkFor?: (rating: number, children: ReactNode, className: string) => ReactNode;
  current?: number;
}) {
  return (
    <div className="space-y-2">
      <RatingSummary rating={rating} reviewCount={reviewCount} />
      <ul aria-label="Rating breakdown" className="space-y-1">
        {stars.map((row) => {
          const share = reviewCount > 0 ? Math.round((row.count / reviewCount) * 100) : 0;
          const content = (
            <>
              <span className="w-14 shrink-0 text-muted">{starsLabel(row.rating)}</span>
              <span aria-hidden="true" className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-100">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
              </span>
              <span className="w-10 shrink-0 text-right text-ink tabular-nums">
                {row.count}
                <span className="sr-only"> {row.count === 1 ? 'review' : 'reviews'}</span>
              </span>
            </>
          );
          const row_ = 'flex items-center gap-2 rounded px-1 py-0.5 text-sm';
          return (
            <li key={row.rating}>
              {linkFor && row.count > 0
                ? linkFor(row.rating, content, `${row_} hover:bg-canvas ${current === row.rating ? 'bg-primary-soft font-medium' : ''}`)
                : <span className={row_}>{content}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
