import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listingDailyFigures as f } from '../../../db/schema/daily-figures';
import { listings } from '../../../db/schema/listings';

/** A provider's listings, for the picker and to check that a listing asked for is theirs. */
export function findOwnListings(db: Executor, providerId: string) {
  return db
    .select({ id: listings.id, type: listings.type, slug: listings.slug, title: listings.title, status: listings.status, categoryId: listings.categoryId })
    .from(listings)
    .where(eq(listings.providerId, providerId))
    .orderBy(asc(listings.title), asc(listings.id));
}

const summed = {
  views: sql<number>`sum(${f.views})::int`.mapWith(Number),
  uniqueVisitors: sql<number>`sum(${f.uniqueVisitors})::int`.mapWith(Number),
  leads: sql<number>`sum(${f.leads})::int`.mapWith(Number),
  favouritesAdded: sql<number>`sum(${f.favouritesAdded})::int`.mapWith(Number),
  favouritesRemoved: sql<number>`sum(${f.favouritesRemoved})::int`.mapWith(Number),
  websiteClicks: sql<number>`sum(${f.websiteClicks})::int`.mapWith(Number),
  searchAppearances: sql<number>`sum(${f.searchAppearances})::int`.mapWith(Number),
  categoryAppearances: sql<number>`sum(${f.categoryAppearances})::int`.mapWith(Number),
  newReviews: sql<number>`sum(${f.newReviews})::int`.mapWith(Number),
  ratingSum: sql<number>`sum(${f.ratingSum})::int`.mapWith(Number),
};

export type DaySums = { day: string } & { [K in keyof typeof summed]: number };

/**
 * The figures of each day from `from` to `to` (inclusive) that has any, added up over one listing
 * or over all of a provider's listings. One listing reads a range of its primary key; a provider's
 * listings are found through listings_provider_id_idx, then each one's range.
 */
export function findDailySums(db: Executor, owner: { listingId: number } | { providerId: string }, from: string, to: string): Promise<DaySums[]> {
  const days = between(f.day, from, to);
  const query = db.select({ day: f.day, ...summed }).from(f);
  const filtered =
    'listingId' in owner
      ? query.where(and(eq(f.listingId, owner.listingId), days))
      : query.innerJoin(listings, eq(listings.id, f.listingId)).where(and(eq(listings.providerId, owner.providerId), days));
  return filtered.groupBy(f.day).orderBy(f.day);
}

/**
 * Each live listing of a category with its views, unique visitors and leads over the range
 * (listings without figures count zero). Only the server sees these: the answer carries medians and
 * ranks, never another provider's own figures.
 */
export function findCategoryTotals(db: Executor, categoryId: number, from: string, to: string) {
  return db
    .select({
      id: listings.id,
      views: sql<number>`coalesce(sum(${f.views}), 0)::int`.mapWith(Number),
      uniqueVisitors: sql<number>`coalesce(sum(${f.uniqueVisitors}), 0)::int`.mapWith(Number),
      leads: sql<number>`coalesce(sum(${f.leads}), 0)::int`.mapWith(Number),
    })
    .from(listings)
    .leftJoin(f, and(eq(f.listingId, listings.id), between(f.day, from, to)))
    .where(and(eq(listings.categoryId, categoryId), eq(listings.status, 'approved')))
    .groupBy(listings.id);
}

export async function findCategoryName(db: Executor, categoryId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId));
  return row?.name;
}
