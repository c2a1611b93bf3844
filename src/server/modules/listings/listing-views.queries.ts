import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listingDailyViews, listings, listingViewVisitors } from '../../../db/schema/listings';

/** The calendar day (UTC) a view is counted on, as listing_daily_views stores it: 'YYYY-MM-DD'. */
export const viewDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Counts one detail view if this visitor has not been counted for this listing today: the visitor's
 * row is inserted (a repeat is a conflict and inserts nothing), and only a fresh row adds 1 to the
 * listing's running total and to today's row of the trending data. One statement, so it is atomic
 * on its own and correct across servers sharing the database. Returns whether the view counted.
 */
export async function recordListingView(db: Executor, listingId: number, visitor: string, at: Date): Promise<boolean> {
  const day = viewDay(at);
  // Both drivers answer raw SQL with { rows }; the shared Database type cannot say so.
  const { rows } = (await db.execute(sql`
    with fresh as (
      insert into ${listingViewVisitors} (day, listing_id, visitor) values (${day}, ${listingId}, ${visitor})
      on conflict do nothing
      returning listing_id
    ), total as (
      update ${listings} set view_count = view_count + 1 where id in (select listing_id from fresh)
    ), daily as (
      insert into ${listingDailyViews} (listing_id, day, views) select listing_id, ${day}, 1 from fresh
      on conflict (listing_id, day) do update set views = ${listingDailyViews}.views + 1
    )
    select count(*)::int as counted from fresh`)) as unknown as { rows: { counted: number }[] };
  return Number(rows[0]?.counted ?? 0) > 0;
}

/** Forgets who viewed what before `at`'s day: those rows can no longer stop a view from counting. */
export async function deleteStaleViewVisitors(db: Executor, at: Date): Promise<void> {
  await db.delete(listingViewVisitors).where(lt(listingViewVisitors.day, viewDay(at)));
}
