import { Star } from '../ui/icons';
import { formatAverage, formatReviewCount } from '../../../shared/format';
import { cn } from '../../lib/cn';

/**
 * A star, the average to one decimal and the review count; 'No reviews' when there are none.
 * `compact` writes the count as '(4)' where space is short (cards); screen readers still hear 'reviews'.
 */
export function RatingSummary({ rating, reviewCount, compact, className }: { rating: number; reviewCount: number; compact?: boolean; className?: string }) {
  if (!reviewCount) {
    return <span className={cn('inline-flex items-center gap-1 text-sm whitespace-nowrap text-muted', className)}>No reviews</span>;
  }
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm whitespace-nowrap', className)}>
      <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-400" />
      <span className="font-semibold text-ink">{formatAverage(rating)}</span>
      {compact ? (
        <span className="text-muted">
          ({reviewCount}
          <span className="sr-only"> {reviewCount === 1 ? 'review' : 'reviews'}</span>)
        </span>
      ) : (
        <span className="text-muted">({formatReviewCount(reviewCount)})</span>
      )}
    </span>
  );
}
