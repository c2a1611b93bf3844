import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/test-database';
import { DEMO_PROVIDER_EMAIL } from '../../../db/seed/catalogue/providers';
import { seedDemoIfEmpty } from '../../../db/seed/demo';
import { listings } from '../../../db/schema/listings';
import { messages } from '../../../db/schema/messages';
import { users } from '../../../db/schema/users';
import { insightQuerySchema } from '../../../shared/schemas/insight';
import { providerStats } from '../provider-listings/provider-stats.queries';
import { providerInsight } from './insight.service';

// The demo's insight screen, as its provider first sees it: the same story as their dashboard and inbox.
const database = await openTestDatabase();
const { db } = database;
afterAll(() => database.close());
const now = new Date('2026-03-15T12:00:00Z');
beforeAll(() => seedDemoIfEmpty(db, { now }), 120_000);

describe("the demo provider's insight", () => {
  it("tells the demo provider one story: the dashboard's total views are the insight history's, spread over their own days, with a category comparison", async () => {
    const [provider] = await db.select().from(users).where(eq(users.email, DEMO_PROVIDER_EMAIL));
    const stats = await providerStats(db, provider!.id);
    const insight = await providerInsight(db, provider!.id, insightQuerySchema.parse({ range: '90' }), now);
    expect(stats.views).toBeGreaterThan(0);
    expect(insight.totals.views.value).toBe(stats.views);
    const days = (figure: 'views' | 'uniqueVisitors' | 'searchAppearances' | 'leads' | 'favouritesAdded' | 'newReviews') => insight.days.filter((day) => day[figure] > 0).length;
    expect(days('views')).toBeGreaterThan(60);
    expect(days('uniqueVisitors')).toBeGreaterThan(60);
    expect(days('searchAppearances')).toBeGreaterThan(60);
    // Leads, favourites and reviews on the days they are dated, not all on the day of the seed.
    for (const figure of ['leads', 'favouritesAdded', 'newReviews'] as const) expect(days(figure), figure).toBeGreaterThan(1);
    const own = await db.select({ id: listings.id }).from(listings).where(and(eq(listings.providerId, provider!.id), eq(listings.type, 'services')));
    const leadDays = new Set((await db.select({ at: messages.createdAt }).from(messages).where(inArray(messages.listingId, own.map((row) => row.id)))).map((row) => row.at.toISOString().slice(0, 10)));
    expect(new Set(insight.days.filter((day) => day.leads > 0).map((day) => day.day))).toEqual(leadDays);
    expect(insight.totals.leads.value).toBe((await db.select({ n: count() }).from(messages).where(inArray(messages.listingId, own.map((row) => row.id))))[0]!.n);

    // One of their listings is in a category with enough live listings for the comparison.
    const compared = [];
    for (const listing of insight.listings) {
      const one = await providerInsight(db, provider!.id, insightQuerySchema.parse({ range: '90', listing: listing.id }), now);
      if (one.category) compared.push(one.category);
    }
    expect(compared.length).toBeGreaterThan(0);
    expect(compared[0]!.liveListings).toBeGreaterThanOrEqual(5);
  });

});
