import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { favorites, reviews } from '../../../db/schema/reviews';
import { listings } from '../../../db/schema/listings';
import { users } from '../../../db/schema/users';

export type UserFilter = {
  /** Case-insensitive part of the e-mail, a name, the full name or the company. */
  search?: string;
  /** Only the accounts a listing may belong to: providers and administrators. */
  canOwnListings?: boolean;
};

function matchesFilter({ search, canOwnListings }: UserFilter): SQL | undefined {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.companyName, pattern),
          ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
        )
      : undefined,
    canOwnListings ? or(eq(users.isProvider, true), eq(users.isAdmin, true)) : undefined,
  );
}

/** One page of users newest first, each with how many listings they own and reviews they wrote, and the total. */
export async function searchUsers(db: Executor, filter: UserFilter & { limit: number; offset: number }) {
  const where = matchesFilter(filter);
  const [rows, total] = await Promise.all([listUsersWithCounts(db, filter.limit, filter.offset, where), db.$count(users, where)]);
  return { rows, total };
}

export function listUsersWithCounts(db: Executor, limit: number, offset: number, where?: SQL) {
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
    .where(where)
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

