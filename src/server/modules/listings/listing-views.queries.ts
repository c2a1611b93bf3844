import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listingDailyViews, listings } from '../../../db/schema/listings';

/** The calendar day (UTC) a view is counted on, as listing_daily_views stores it: 'YYYY-MM-DD'. */
export const viewDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Counts one detail view: the listing's running total and today's row of the trending data, each
 * in one statement, together in one transaction so the two never disagree.
 */
export async function recordListingView(db: Executor, listingId: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(listings)
      .set({ viewCount: sql`${listings.viewCount} + 1` })
      .where(eq(listings.id, listingId));
    await tx
      .insert(listingDailyViews)
      .values({ listingId, day: viewDay(at), views: 1 })
      .onConflictDoUpdate({
        target: [listingDailyViews.listingId, listingDailyViews.day],
        set: { views: sql`${listingDailyViews.views} + 1` },
      });
  });
}
