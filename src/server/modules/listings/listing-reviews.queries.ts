import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { reviews } from '../../../db/schema/reviews';
import { users } from '../../../db/schema/users';
import type { Review } from '../../../shared/types';
import type { Page } from './listings.queries';

/** A listing's reviews, newest first, with who wrote them (served by reviews_listing_created_idx). */
export async function findListingReviews(db: Executor, listingId: number, page: Page): Promise<Review[]> {
  const rows = await db
    .select({
      review: { id: reviews.id, rating: reviews.rating, comment: reviews.comment, createdAt: reviews.createdAt },
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl },
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.listingId, listingId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ review, user }) => ({ ...review, createdAt: review.createdAt.toISOString(), user }));
}

export async function countListingReviews(db: Executor, listingId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(reviews).where(eq(reviews.listingId, listingId));
  return row?.total ?? 0;
}
