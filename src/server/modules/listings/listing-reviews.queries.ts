import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { reviewReplies, reviews } from '../../../db/schema/reviews';
import { users } from '../../../db/schema/users';
import type { Review } from '../../../shared/types';
import type { Page } from './listings.queries';

/** Removed reviews are kept for the record only; hidden ones keep their place (see toPublicReview). */
const listed = (listingId: number) => and(eq(reviews.listingId, listingId), ne(reviews.moderation, 'removed'));

/** A listing's reviews, newest first, with who wrote them and the provider's reply (served by reviews_listing_created_idx). */
export async function findListingReviews(db: Executor, listingId: number, page: Page): Promise<Review[]> {
  const rows = await db
    .select({
      review: {
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        moderation: reviews.moderation,
        moderatorEditedAt: reviews.moderatorEditedAt,
      },
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl },
      reply: { body: reviewReplies.body, createdAt: reviewReplies.createdAt, editedAt: reviewReplies.editedAt },
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(listed(listingId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ review, user, reply }) => toPublicReview(review, user, reply));
}

type ReviewRow = { id: number; rating: number; comment: string; createdAt: Date; moderation: string; moderatorEditedAt: Date | null };
type ReplyRow = { body: string; createdAt: Date; editedAt: Date | null } | null;

/**
 * What anyone may see of a review. A hidden one (reported for personal information or abuse)
 * keeps its rating, which still counts until a moderator decides, but not its words, its author
 * or the reply, which may quote it.
 */
export function toPublicReview(review: ReviewRow, user: Review['user'], reply: ReplyRow): Review {
  const base = { id: review.id, rating: review.rating, createdAt: review.createdAt.toISOString() };
  if (review.moderation === 'hidden') return { ...base, comment: '', user: null, status: 'hidden', editedByModerator: false, reply: null };
  return {
    ...base,
    comment: review.comment,
    user,
    status: review.moderation === 'under_review' ? 'under_review' : 'published',
    editedByModerator: review.moderatorEditedAt !== null,
    reply: reply ? { body: reply.body, createdAt: reply.createdAt.toISOString(), editedAt: reply.editedAt?.toISOString() ?? null } : null,
  };
}

export async function countListingReviews(db: Executor, listingId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(reviews).where(listed(listingId));
  return row?.total ?? 0;
}
