import { Star } from 'lucide-react';
import { formatAverage, formatReviewCount } from '../../../shared/format';
import { cn } from '../../lib/cn';

/** A star, the average to one decimal and the review count; 'No reviews' when there are none. */
export function RatingSummary({ rating, reviewCount, className }: { rating: number; reviewCount: number; className?: string }) {
  if (!reviewCount) {
    return <span className={cn('inline-flex items-center gap-1 text-sm text-muted', className)}>No reviews</span>;
  }
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', className)}>
      <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-400" />
      <span className="font-semibold text-ink">{formatAverage(rating)}</span>
      <span className="text-muted">({formatReviewCount(reviewCount)})</span>
    </span>
  );
}
