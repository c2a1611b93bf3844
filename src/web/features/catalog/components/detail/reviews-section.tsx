import type { ReactNode } from 'react';
import { formatPersonName } from '../../../../../shared/format';
import { LocalDate } from '../../../../components/local-date';
import type { ListingType, Review } from '../../../../../shared/types';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/skeleton';
import { Link } from 'wouter';
import { agencySizeLabel, reviewerContextLabels } from '../../../../../shared/review-context';
import { RatingBreakdown } from '../../../../components/listing/rating-breakdown';
import { useListingReviews, useRatingBreakdown, useReviewFilters } from '../../api/use-listing-reviews';
import { ProviderAvatar } from './provider-avatar';
import { ReviewListControls, useReviewsHref } from './review-list-controls';
import { StarRow } from './star-row';
import { BadgeCheck } from '../../../../components/ui/icons';

/** The badge's explanation on hover; the How reviews work page says more (src/web/pages/how-reviews-work-page.tsx). */
const VERIFIED_PARTNER_TITLE = "Verified partner: the provider approved this reviewer's partner application for this listing before they wrote the review (from our records, not the provider's say-so).";

/**
 * The listing's reviews, twenty at a time, under their breakdown by stars; sorted and filtered by
 * the page's address (?sort=&rating=&context=), so the server renders the list asked for. `form` is where the review form goes (members only; it is
 * built with the members' features and handed in by the page), and `actions` what a signed-in viewer may do under
 * each review (reply, report), handed in the same way.
 */
export function ReviewsSection({ type, listingId, form, actions }: { type: ListingType; listingId: number; form?: ReactNode; actions?: (review: Review) => ReactNode }) {
  const filters = useReviewFilters();
  const reviews = useListingReviews(type, listingId, filters);
  const breakdown = useRatingBreakdown(type, listingId);
  const href = useReviewsHref();
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = filters.rating !== undefined || filters.context !== undefined;
  const reviewCount = breakdown.data?.reviewCount;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="rounded-xl border border-line bg-surface p-6 shadow-sm">
      <h2 id="reviews-heading" className="mb-4 text-xl font-semibold text-ink">
        Reviews{reviewCount !== undefined ? ` (${reviewCount})` : ''}
      </h2>
      <p className="-mt-2 mb-4 text-sm">
        <a href="/how-reviews-work" className="text-primary hover:underline">
          How reviews work
        </a>
      </p>
      {breakdown.data && breakdown.data.reviewCount > 0 && (
        <div className="mb-6 max-w-md">
          <RatingBreakdown
            {...breakdown.data}
            current={filters.rating}
            // Named by what it shows ("5 stars 12 reviews"): an aria-label would hide the visible text from speech input.
            linkFor={(rating, children, className) => (
              <Link href={href({ rating })} className={className} aria-current={filters.rating === rating ? 'true' : undefined}>
                {children}
              </Link>
            )}
          />
        </div>
      )}
      {form && <div className="mb-6">{form}</div>}
      {(reviewCount ?? 0) > 0 && <ReviewListControls filters={filters} />}
      {reviews.isPending ? (
        <div role="status" aria-label="Loading reviews" className="space-y-4">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : reviews.error ? (
        <p role="alert" className="text-sm text-danger">
          Reviews could not be loaded. Please try again later.
        </p>
      ) : items.length === 0 && filtered ? (
        <p className="text-sm text-muted">
          No reviews match these filters.{' '}
          <Link href={href({ rating: undefined, context: undefined })} className="text-primary underline">
            Show all reviews
          </Link>
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">No reviews yet. Be the first to share your experience.</p>
      ) : (
        <>
          <ul className="divide-y divide-line">
            {items.map((review) => (
              <ReviewItem key={review.id} review={review} actions={actions?.(review)} />
            ))}
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

/** One review: its author, date and stars, its words, the provider's reply, and the viewer's actions. */
function ReviewItem({ review, actions }: { review: Review; actions: ReactNode }) {
  if (review.status === 'hidden') {
    // Reported for personal information or abuse: its place and stars stay (it still counts), its words wait for a moderator.
    return (
      <li className="py-4 first:pt-0 last:pb-0">
        <article aria-label="Hidden review" className="rounded-lg bg-canvas p-3">
          <StarRow rating={review.rating} />
          <p className="mt-1 text-sm text-muted">This review is hidden while a moderator checks a report about it.</p>
        </article>
      </li>
    );
  }
  const name = (review.user && formatPersonName(review.user)) || 'Anonymous';
  return (
    // Each review is an article (a self-contained comment) named by its author; a list item's own name is read unreliably.
    <li className="py-4 first:pt-0 last:pb-0">
      <article aria-label={`Review by ${name}`} className="flex gap-3">
        <ProviderAvatar name={name} imageUrl={review.user?.profileImageUrl ?? null} size={40} className="h-10 w-10 shrink-0 text-sm" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium text-ink">{name}</span>
            <LocalDate iso={review.createdAt} className="text-xs text-muted" />
            {review.verifiedPartner && (
              <a href="/how-reviews-work#verified-heading" title={VERIFIED_PARTNER_TITLE} className="rounded-full focus-visible:outline-2 focus-visible:outline-primary">
                <Badge tone="green">
                  <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
                  Verified partner
                </Badge>
              </a>
            )}
            {review.status === 'under_review' && (
              <Badge tone="amber" title="Someone reported this review; it stays up while a moderator checks it.">
                Under review
              </Badge>
            )}
          </div>
          <StarRow rating={review.rating} />
          <ReviewerContext review={review} />
          <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">{review.comment}</p>
          {review.editedByModerator && <p className="mt-1 text-xs text-muted">Edited by a moderator to remove personal information.</p>}
          {review.reply && (
            <div className="mt-3 rounded-lg border-l-4 border-primary bg-canvas p-3" aria-label="Reply from the provider" role="group">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
                <Badge tone="primary">Provider</Badge>
                <LocalDate iso={review.reply.createdAt} />
                {review.reply.editedAt && <span>(edited)</span>}
              </div>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">{review.reply.body}</p>
            </div>
          )}
          {actions}
        </div>
      </article>
    </li>
  );
}

/** What the reviewer said about themselves when writing: how they used it, and their agency's size. */
function ReviewerContext({ review }: { review: Review }) {
  const parts = [review.reviewerContext && reviewerContextLabels[review.reviewerContext], review.agencySize && `Agency of ${agencySizeLabel(review.agencySize)}`].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <ul aria-label="About the reviewer" className="mt-1 flex flex-wrap gap-2 text-xs">
      {parts.map((part) => (
        <li key={part}>
          <Badge tone="neutral">{part}</Badge>
        </li>
      ))}
    </ul>
  );
}
