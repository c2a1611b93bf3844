import { and, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { jobClaims } from '../../../db/schema/jobs';
import { listingDailyViews, listings, trendingScores } from '../../../db/schema/listings';
import { favorites, reviews } from '../../../db/schema/reviews';
import { viewDay } from './listing-views.queries';
import { findListingPage, type ListingSummaryWithRelations } from './listings.queries';

/**
 * The trending score (docs/decisions/trending-score.md). Over the last 30 days, every event counts
 * its weight times 0.5^(age in days / 7), so its weight halves every week:
 *   detail view  1   (listing_daily_views, age in whole days)
 *   favourite    3   (favorites.created_at)
 *   review       5   (reviews.created_at)
 * Services without any signal score 0 and follow the others, by rating then newest, so a new
 * directory's trending page still shows its services.
 *
 * The scores are computed from the raw events by refreshTrendingScores (every minute, by one
 * server: trending-refresh.ts) into trending_scores; the list reads them through its index.
 */
export const TRENDING_WINDOW_DAYS = 30;
const HALF_LIFE_DAYS = 7;
export const trendingWeights = { view: 1, favorite: 3, review: 5 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Any constant no other advisory lock uses: two refreshes at once would both insert every score. */
const REFRESH_LOCK_KEY = 7_245_010_452;
/** How long a server's claim on the refresh lasts: just under the minute between attempts. */
const CLAIM_FOR = sql`interval '50 seconds'`;
const CLAIM_KEY = 'trending-scores';

/** Constants of this file, written into the SQL as literals so PostgreSQL types them as numbers. */
const literal = (value: number) => sql.raw(value.toFixed(1));

/**
 * Replaces every stored score with the scores as of `now`, in one transaction: readers see the
 * old scores or the new ones, never a mix. Only live services with a positive score get a row.
 */
export async function refreshTrendingScores(db: Executor, now: Date): Promise<void> {
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * DAY_MS);
  const nowValue = sql`${now.toISOString()}::timestamptz`;
  const decayOf = (createdAt: typeof favorites.createdAt | typeof reviews.createdAt) =>
    sql`power(0.5, extract(epoch from (${nowValue} - ${createdAt})) / ${literal(HALF_LIFE_DAYS * 86400)})`;
  const events = sql`
    select ${listingDailyViews.listingId} as listing_id,
      ${literal(trendingWeights.view)} * ${listingDailyViews.views} * power(0.5, (${viewDay(now)}::date - ${listingDailyViews.day}::date) / ${literal(HALF_LIFE_DAYS)}) as score
    from ${listingDailyViews} where ${listingDailyViews.day} >= ${viewDay(since)} and ${listingDailyViews.day} <= ${viewDay(now)}
    union all
    select ${favorites.listingId}, ${literal(trendingWeights.favorite)} * ${decayOf(favorites.createdAt)}
    from ${favorites} where ${favorites.createdAt} >= ${since.toISOString()}::timestamptz and ${favorites.createdAt} <= ${nowValue}
    union all
    select ${reviews.listingId}, ${literal(trendingWeights.review)} * ${decayOf(reviews.createdAt)}
    from ${reviews} where ${reviews.createdAt} >= ${since.toISOString()}::timestamptz and ${reviews.createdAt} <= ${nowValue} and ${reviews.moderation} <> 'removed'`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK_KEY})`);
    await tx.delete(trendingScores);
    await tx.execute(sql`
      insert into ${trendingScores} (listing_id, score)
      select ${listings.id}, scored.score
      from (select listing_id, sum(score) as score from (${events}) as events group by listing_id) as scored
      join ${listings} on ${listings.id} = scored.listing_id
      where ${listings.type} = 'services' and ${listings.status} = 'approved' and scored.score > 0`);
  });
}

/**
 * Claims the next refresh for this server unless another server refreshed less than 50 seconds
 * ago (job_claims, one atomic statement), so servers sharing a database refresh about once a
 * minute between them, not once each.
 */
export async function claimTrendingRefresh(db: Executor): Promise<boolean> {
  const rows = await db
    .insert(jobClaims)
    .values({ key: CLAIM_KEY, claimedUntil: sql`now() + ${CLAIM_FOR}` })
    .onConflictDoUpdate({ target: jobClaims.key, set: { claimedUntil: sql`excluded.claimed_until` }, setWhere: sql`${jobClaims.claimedUntil} <= now()` })
    .returning({ key: jobClaims.key });
  return rows.length > 0;
}

/**
 * The top `limit` live services: those with a stored score by score, then (when fewer) the others
 * by rating, newest first. Each part is an index walk stopped at `limit` (trending_scores_score_idx;
 * listings_browse_rating_idx read backwards), and only the at most 2 x limit candidates are sorted.
 */
export async function findTrendingServices(db: Executor, limit: number): Promise<ListingSummaryWithRelations[]> {
  const live = and(eq(listings.type, 'services'), eq(listings.status, 'approved'));
  const byRating = [desc(listings.rating), desc(listings.createdAt), desc(listings.id)];
  const scored = db
    .select({ id: listings.id })
    .from(trendingScores)
    .innerJoin(listings, eq(listings.id, trendingScores.listingId))
    .where(live)
    .orderBy(desc(trendingScores.score), ...byRating)
    .limit(limit);
  const unscored = db
    .select({ id: listings.id })
    .from(listings)
    .where(and(live, notExists(db.select({ one: sql`1` }).from(trendingScores).where(eq(trendingScores.listingId, listings.id)))))
    .orderBy(...byRating)
    .limit(limit);
  const score = sql`coalesce((select ${trendingScores.score} from ${trendingScores} where ${trendingScores.listingId} = ${listings.id}), 0)`;
  return findListingPage(db, inArray(listings.id, sql`((${scored}) union all (${unscored}))`), [desc(score), desc(listings.rating), desc(listings.createdAt)], {
    limit,
    offset: 0,
  });
}
