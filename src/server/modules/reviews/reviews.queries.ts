import { and, eq, sql } from 'drizzle-orm';
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

export async function findReviewBy(db: Executor, listingId: number, userId: string) {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.listingId, listingId), eq(reviews.userId, userId)))
    .limit(1);
  return row;
}

export async function insertReview(db: Executor, row: typeof reviews.$inferInsert) {
  return (await db.insert(reviews).values(row).returning())[0]!;
}

export async function updateReview(db: Executor, id: number, changes: { rating: number; comment: string }) {
  return (await db.update(reviews).set({ ...changes, updatedAt: new Date() }).where(eq(reviews.id, id)).returning())[0]!;
}

/** The cached aggregates on the listing: the mean to one decimal (0 without reviews) and the count. */
export async function refreshListingRating(db: Executor, listingId: number) {
  const [row] = await db
    .update(listings)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 1) from ${reviews} where ${reviews.listingId} = ${listingId}), 0)`,
      reviewCount: sql`(select count(*) from ${reviews} where ${reviews.listingId} = ${listingId})`,
    })
    .where(eq(listings.id, listingId))
    .returning({ rating: listings.rating, reviewCount: listings.reviewCount });
  return row!;
}
