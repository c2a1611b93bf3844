import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { dailyFigureFlushes, listingDailyFigures } from '../../../db/schema/daily-figures';
import { listings } from '../../../db/schema/listings';
import type { DailyCountBatch } from '../../lib/daily-counts';

/**
 * Adds one batch of counts, in one statement: the batch's id is claimed first, and the counts are
 * added only if the claim is new, so a batch written twice (a retry after a lost answer) counts
 * once. Counts of a listing deleted meanwhile are dropped.
 */
export async function addDailyCounts(db: Executor, { id, rows }: DailyCountBatch): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.listingId}::int, ${r.day}::date, ${r.views}::int, ${r.uniqueVisitors}::int, ${r.websiteClicks}::int, ${r.searchAppearances}::int, ${r.categoryAppearances}::int)`,
    ),
    sql`, `,
  );
  const f = listingDailyFigures;
  await db.execute(sql`
    with claimed as (
      insert into ${dailyFigureFlushes} (id) values (${id}) on conflict do nothing returning id
    )
    insert into ${f} (listing_id, day, views, unique_visitors, website_clicks, search_appearances, category_appearances)
    select v.listing_id, v.day, v.views, v.unique_visitors, v.website_clicks, v.search_appearances, v.category_appearances
    from (values ${values}) as v (listing_id, day, views, unique_visitors, website_clicks, search_appearances, category_appearances)
    where exists (select 1 from claimed) and exists (select 1 from ${listings} l where l.id = v.listing_id)
    on conflict (listing_id, day) do update set
      views = ${f}.views + excluded.views,
      unique_visitors = ${f}.unique_visitors + excluded.unique_visitors,
      website_clicks = ${f}.website_clicks + excluded.website_clicks,
      search_appearances = ${f}.search_appearances + excluded.search_appearances,
      category_appearances = ${f}.category_appearances + excluded.category_appearances`);
}

/** Daily figures are kept 25 months: rows of days before that go, and batch ids older than a day. */
export async function deleteOldDailyFigures(db: Executor, now: Date): Promise<void> {
  const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 25, now.getUTCDate()));
  await db.delete(listingDailyFigures).where(lt(listingDailyFigures.day, cutoff.toISOString().slice(0, 10)));
  await db.delete(dailyFigureFlushes).where(lt(dailyFigureFlushes.flushedAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
