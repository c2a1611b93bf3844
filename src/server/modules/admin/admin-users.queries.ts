import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { favorites, reviews } from '../../../db/schema/reviews';
import { listings } from '../../../db/schema/listings';
import { users } from '../../../db/schema/users';

/** Users newest first, each with how many listings they own and reviews they wrote. */
export function listUsersWithCounts(db: Executor, limit: number, offset: number) {
  return db
    .select({
      id: users.id,
      slug: users.slug,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      profileImageUrl: users.profileImageUrl,
      isAdmin: users.isAdmin,
      isProvider: users.isProvider,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      createdAt: users.createdAt,
      // Written out in full: inside a one-table select Drizzle leaves column names unqualified.
      listingCount: sql<number>`(select count(*)::int from "listings" where "listings"."provider_id" = "users"."id")`,
      reviewCount: sql<number>`(select count(*)::int from "reviews" where "reviews"."user_id" = "users"."id")`,
    })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
}

export const countUsers = (db: Executor) => db.$count(users);

/** The listings a user reviewed (not their own, which go with them): their ratings must be recomputed. */
export async function listingsReviewedBy(db: Executor, userId: string): Promise<number[]> {
  const rows = await db
    .select({ listingId: reviews.listingId })
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    .where(sql`${reviews.userId} = ${userId} and ${listings.providerId} <> ${userId}`);
  return rows.map((row) => row.listingId);
}

/** Explicit deletes of what a user owns; the foreign keys cascade too, this keeps the intent readable. */
export async function deleteUserAndBelongings(db: Executor, userId: string) {
  await db.delete(reviews).where(eq(reviews.userId, userId));
  await db.delete(favorites).where(eq(favorites.userId, userId));
  await db.delete(listings).where(eq(listings.providerId, userId));
  await db.delete(users).where(eq(users.id, userId));
}

