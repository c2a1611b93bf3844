import type { ReactNode } from 'react';
import { formatPersonName, formatReviewCount } from '../../../../../shared/format';
import { LocalDate } from '../../../../components/local-date';
import type { ListingType } from '../../../../../shared/types';
import { Button } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/skeleton';
import { useListingReviews } from '../../api/use-listing-reviews';
import { ProviderAvatar } from './provider-avatar';
import { StarRow } from './star-row';

/**
 * The listing's reviews, newest first, twenty at a time. `form` is where the review form goes (members only; it is
 * built with the members' features and handed in by the page).
 */
export function ReviewsSection({ type, listingId, form }: { type: ListingType; listingId: number; form?: ReactNode }) {
  const reviews = useListingReviews(type, listingId);
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const total = reviews.data?.pages[0]?.total;
  return (
    <section aria-labelledby="reviews-heading" className="rounded-xl border border-line bg-surface p-6 shadow-sm">
      <h2 id="reviews-heading" className="mb-4 text-xl font-semibold text-ink">
        Reviews{total !== undefined ? ` (${total})` : ''}
      </h2>
      {form && <div className="mb-6">{form}</div>}
      {reviews.isPending ? (
        <div role="status" aria-label="Loading reviews" className="space-y-4">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : reviews.error ? (
        <p role="alert" className="text-sm text-danger">
          Reviews could not be loaded. Please try again later.
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">No reviews yet. Be the first to share your experience.</p>
      ) : (
        <>
          <ul aria-label={formatReviewCount(total ?? items.length)} className="divide-y divide-line">
            {items.map((review) => {
              const name = (review.user && formatPersonName(review.user)) || 'Anonymous';
              return (
                <li key={review.id} className="flex gap-3 py-4 first:pt-0 last:pb-0">
                  <ProviderAvatar name={name} imageUrl={review.user?.profileImageUrl ?? null} size={40} className="h-10 w-10 shrink-0 text-sm" />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="font-medium text-ink">{name}</span>
                      <LocalDate iso={review.createdAt} className="text-xs text-muted" />
                    </div>
                    <StarRow rating={review.rating} />
                    <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">{review.comment}</p>
                  </div>
                </li>
              );
            })}
          </ul>
          {reviews.hasNextPage && (
            <Button variant="outline" className="mt-4 w-full" disabled={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
              {reviews.isFetchingNextPage ? 'Loading...' : 'Show more reviews'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
