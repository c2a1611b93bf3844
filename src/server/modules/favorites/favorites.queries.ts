import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { favorites } from '../../../db/schema/reviews';
import type { ListingType } from '../../../shared/types';
import type { ListingSummaryWithRelations } from '../listings/listings.queries';
import { selectListingSummaries } from '../listings/listings.queries';

export async function insertFavorite(db: Executor, userId: string, listingId: number) {
  await db.insert(favorites).values({ userId, listingId }).onConflictDoNothing();
}

export async function deleteFavorite(db: Executor, userId: string, listingId: number) {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)));
}

/** Only live listings are shown: one that was unpublished since it was saved stays out of sight. */
function favoritesOf(userId: string, type: ListingType | undefined) {
  return and(eq(favorites.userId, userId), eq(listings.status, 'approved'), type ? eq(listings.type, type) : undefined);
}

/** The member's favourites as listings, the most recently saved first. */
export async function findFavoriteListings(
  db: Executor,
  userId: string,
  { type, limit, offset }: { type?: ListingType; limit: number; offset: number },
): Promise<ListingSummaryWithRelations[]> {
  const rows = await selectListingSummaries(db)
    .innerJoin(favorites, eq(favorites.listingId, listings.id))
    .where(favoritesOf(userId, type))
    .orderBy(desc(favorites.createdAt), desc(listings.id))
    .limit(limit)
    .offset(offset);
  return rows as ListingSummaryWithRelations[];
}

export async function countFavoriteListings(db: Executor, userId: string, type?: ListingType): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(favorites)
    .innerJoin(listings, eq(listings.id, favorites.listingId))
    .where(favoritesOf(userId, type));
  return row?.total ?? 0;
}

/** The ids of every live listing the member saved: small enough to send whole, so cards need no request each. */
export async function findFavoriteIds(db: Executor, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: favorites.listingId })
    .from(favorites)
    .innerJoin(listings, eq(listings.id, favorites.listingId))
    .where(favoritesOf(userId, undefined));
  return rows.map((row) => row.id);
}

/** The listing of that type (any status) and whether the user saved it; undefined when there is no such listing. */
export async function findFavoriteStatus(db: Executor, userId: string, type: ListingType, listingId: number) {
  const [row] = await db
    .select({ favoritedBy: favorites.userId })
    .from(listings)
    .leftJoin(favorites, and(eq(favorites.listingId, listings.id), eq(favorites.userId, userId)))
    .where(and(eq(listings.id, listingId), eq(listings.type, type)))
    .limit(1);
  return row && { isFavorited: row.favoritedBy !== null };
}
