import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { reviews } from '../../../db/schema/reviews';
import type { ListingType } from '../../../shared/types';

/**
 * The listing row locked for the rest of the transaction, so two reviews written at once cannot
 * both recompute the rating from a state without the other.
 */
export async function lockListingForReview(db: Executor, type: ListingType, id: number) {
  const [row] = await db
    .select({ id: listings.id, status: listings.status, providerId: listings.providerId })
    .from(listings)
    .where(and(eq(listings.type, type), eq(listings.id, id)))
    .limit(1)
    .for('update');
  return row;
}

/** The same look-up without a lock, for reads. */
export async function findListingForReviews(db: Executor, type: ListingType, id: number) {
  const [row] = await db
    .select({ id: listings.id, status: listings.status, providerId: listings.providerId })
    .from(listings)
    .where(and(eq(listings.type, type), eq(listings.id, id)))
    .limit(1);
  return row;
}

export async function findReviewBy(db: Executor, listingId: number, userId: string) {
  const [row] = await db
    .select({ id: reviews.id, moderation: reviews.moderation, moderatorEditedAt: reviews.moderatorEditedAt })
    .from(reviews)
    .where(and(eq(reviews.listingId, listingId), eq(reviews.userId, userId)))
    .limit(1);
  return row;
}

export async function insertReview(db: Executor, row: typeof reviews.$inferInsert) {
  return (await db.insert(reviews).values(row).returning())[0]!;
}

export async function updateReview(db: Executor, id: number, changes: Pick<typeof reviews.$inferInsert, 'rating' | 'comment' | 'reviewerContext' | 'agencySize'>) {
  return (await db.update(reviews).set({ ...changes, updatedAt: new Date() }).where(eq(reviews.id, id)).returning())[0]!;
}

/**
 * The cached aggregates on the listing: the mean to one decimal (0 without reviews) and the count.
 * A review a moderator removed no longer counts; one hidden pending a decision still does, so a
 * report alone never moves a rating (docs/decisions/review-replies-and-reports.md).
 */
export async function refreshListingRating(db: Executor, listingId: number) {
  const counted = sql`${reviews.listingId} = ${listingId} and ${ne(reviews.moderation, 'removed')}`;
  const [row] = await db
    .update(listings)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 1) from ${reviews} where ${counted}), 0)`,
      reviewCount: sql`(select count(*) from ${reviews} where ${counted})`,
    })
    .where(eq(listings.id, listingId))
    .returning({ rating: listings.rating, reviewCount: listings.reviewCount });
  return row!;
}
