import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listingDailyViews, listings } from '../../../db/schema/listings';
import { favorites, reviews } from '../../../db/schema/reviews';
import type { ListingWithRelations } from './listings.queries';
import { selectListings } from './listings.queries';
import { viewDay } from './listing-views.queries';

/**
 * The trending score (docs/decisions/trending-score.md). Over the last 30 days, every event counts
 * its weight times 0.5^(age in days / 7), so its weight halves every week:
 *   detail view  1   (listing_daily_views, age in whole days)
 *   favourite    3   (favorites.created_at)
 *   review       5   (reviews.created_at)
 * Services without any signal score 0 and follow the others, by rating then newest, so a new
 * directory's trending page still shows its services.
 */
export const TRENDING_WINDOW_DAYS = 30;
const HALF_LIFE_DAYS = 7;
export const trendingWeights = { view: 1, favorite: 3, review: 5 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function findTrendingServices(db: Executor, limit: number, now: Date): Promise<ListingWithRelations[]> {
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * DAY_MS);
  const nowValue = sql`${now.toISOString()}::timestamptz`;
  // Constants of this file, written into the SQL as literals so PostgreSQL types them as numbers.
  const literal = (value: number) => sql.raw(value.toFixed(1));
  const decayOf = (createdAt: typeof favorites.createdAt | typeof reviews.createdAt) =>
    sql`power(0.5, extract(epoch from (${nowValue} - ${createdAt})) / ${literal(HALF_LIFE_DAYS * 86400)})`;

  const views = db
    .select({
      listingId: listingDailyViews.listingId,
      score: sql<number>`sum(${listingDailyViews.views} * power(0.5, (${viewDay(now)}::date - ${listingDailyViews.day}::date) / ${literal(HALF_LIFE_DAYS)}))`.as('view_score'),
    })
    .from(listingDailyViews)
    .where(and(gte(listingDailyViews.day, viewDay(since)), lte(listingDailyViews.day, viewDay(now))))
    .groupBy(listingDailyViews.listingId)
    .as('recent_views');

  const saves = db
    .select({ listingId: favorites.listingId, score: sql<number>`sum(${decayOf(favorites.createdAt)})`.as('favorite_score') })
    .from(favorites)
    .where(and(gte(favorites.createdAt, since), lte(favorites.createdAt, now)))
    .groupBy(favorites.listingId)
    .as('recent_favorites');

  const reviewed = db
    .select({ listingId: reviews.listingId, score: sql<number>`sum(${decayOf(reviews.createdAt)})`.as('review_score') })
    .from(reviews)
    .where(and(gte(reviews.createdAt, since), lte(reviews.createdAt, now)))
    .groupBy(reviews.listingId)
    .as('recent_reviews');

  const score = sql`(
    ${literal(trendingWeights.view)} * coalesce(${views.score}, 0)
    + ${literal(trendingWeights.favorite)} * coalesce(${saves.score}, 0)
    + ${literal(trendingWeights.review)} * coalesce(${reviewed.score}, 0)
  )`;

  return (await selectListings(db)
    .leftJoin(views, eq(views.listingId, listings.id))
    .leftJoin(saves, eq(saves.listingId, listings.id))
    .leftJoin(reviewed, eq(reviewed.listingId, listings.id))
    .where(and(eq(listings.type, 'services'), eq(listings.status, 'approved')))
    .orderBy(desc(score), desc(listings.rating), desc(listings.createdAt), desc(listings.id))
    .limit(limit)) as ListingWithRelations[];
}
