import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { reviewReplies, reviews } from '../../../db/schema/reviews';
import { users } from '../../../db/schema/users';
import type { ReviewListFilters } from '../../../shared/schemas/review';
import type { ListingRatingBreakdown, RatingBreakdown, Review } from '../../../shared/types';
import type { Page } from './listings.queries';
import { approvedPartnerBefore } from '../partner-applications/partner-applications.queries';

/**
 * Removed reviews are kept for the record only; hidden ones keep their place (see toPublicReview)
 * and count in the rating, so exactly these make the rating, the count and the breakdown.
 */
export const countedReview = ne(reviews.moderation, 'removed');
const listed = (listingId: number) => and(eq(reviews.listingId, listingId), countedReview)!;

/**
 * The filters of the list. A hidden review's reviewer context is withheld with its author, so a
 * context filter leaves hidden reviews out rather than tell what their author said.
 */
function filtered(listingId: number, filters: Partial<ReviewListFilters>): SQL {
  const where = [listed(listingId)];
  if (filters.rating !== undefined) where.push(eq(reviews.rating, filters.rating));
  if (filters.context !== undefined) where.push(eq(reviews.reviewerContext, filters.context), ne(reviews.moderation, 'hidden'));
  return and(...where)!;
}

/** Ties on stars go newest first; the id settles reviews written in the same instant, so pages never overlap. */
const orders = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

/**
 * A listing's reviews in the order asked for (newest first by default), with who wrote them and the
 * provider's reply (served by reviews_listing_created_idx, or reviews_listing_rating_idx by stars).
 */
export async function findListingReviews(db: Executor, listingId: number, page: Page & Partial<ReviewListFilters>): Promise<Review[]> {
  const rows = await db
    .select({
      review: {
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        moderation: reviews.moderation,
        moderatorEditedAt: reviews.moderatorEditedAt,
        reviewerContext: reviews.reviewerContext,
        agencySize: reviews.agencySize,
        verifiedPartner: approvedPartnerBefore(reviews.listingId, reviews.userId, reviews.createdAt),
      },
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl },
      reply: { body: reviewReplies.body, createdAt: reviewReplies.createdAt, editedAt: reviewReplies.editedAt },
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(filtered(listingId, page))
    .orderBy(...orders[page.sort ?? 'newest'])
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ review, user, reply }) => toPublicReview(review, user, reply));
}

type ReviewRow = {
  id: number;
  rating: number;
  comment: string;
  createdAt: Date;
  moderation: string;
  moderatorEditedAt: Date | null;
  reviewerContext: Review['reviewerContext'];
  agencySize: Review['agencySize'];
  /** An approved partner application of the author's for the listing, before the review (our records). */
  verifiedPartner?: boolean;
};
type ReplyRow = { body: string; createdAt: Date; editedAt: Date | null } | null;

/**
 * What anyone may see of a review. A hidden one (reported for personal information or abuse)
 * keeps its rating, which still counts until a moderator decides, but not its words, its author
 * or the reply, which may quote it.
 */
export function toPublicReview(review: ReviewRow, user: Review['user'], reply: ReplyRow): Review {
  const base = { id: review.id, rating: review.rating, createdAt: review.createdAt.toISOString() };
  if (review.moderation === 'hidden') return { ...base, comment: '', user: null, reviewerContext: null, agencySize: null, status: 'hidden', editedByModerator: false, reply: null, verifiedPartner: false };
  return {
    ...base,
    reviewerContext: review.reviewerContext,
    agencySize: review.agencySize,
    comment: review.comment,
    user,
    status: review.moderation === 'under_review' ? 'under_review' : 'published',
    editedByModerator: review.moderatorEditedAt !== null,
    verifiedPartner: review.verifiedPartner === true,
    reply: reply ? { body: reply.body, createdAt: reply.createdAt.toISOString(), editedAt: reply.editedAt?.toISOString() ?? null } : null,
  };
}

export async function countListingReviews(db: Executor, listingId: number, filters: Partial<ReviewListFilters> = {}): Promise<number> {
  const [row] = await db.select({ total: count() }).from(reviews).where(filtered(listingId, filters));
  return row?.total ?? 0;
}

/** How many of a listing's counted reviews have each number of stars (reviews_listing_rating_idx). */
export async function countListingReviewsByStars(db: Executor, listingId: number): Promise<RatingBreakdown> {
  const rows = await db.select({ rating: reviews.rating, total: count() }).from(reviews).where(listed(listingId)).groupBy(reviews.rating);
  return toBreakdown(rows);
}

/** Five rows, 5 stars first, a star nobody gave counted as 0. */
export function toBreakdown(rows: { rating: number; total: number }[]): RatingBreakdown {
  return [5, 4, 3, 2, 1].map((rating) => ({ rating, count: rows.find((row) => row.rating === rating)?.total ?? 0 }));
}

/**
 * The mean to one decimal as the database rounds it (half away from zero), from whole numbers:
 * ten times the sum over the count is exact at every half, so it rounds as the stored rating does.
 */
export function withRating(stars: RatingBreakdown): ListingRatingBreakdown {
  const reviewCount = stars.reduce((sum, row) => sum + row.count, 0);
  const total = stars.reduce((sum, row) => sum + row.rating * row.count, 0);
  return { rating: reviewCount === 0 ? 0 : Math.round((total * 10) / reviewCount) / 10, reviewCount, stars };
}
