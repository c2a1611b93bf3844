import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingDailyFigures } from '../../../db/schema/daily-figures';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createRenderedTestApp } from '../../../../test/rendered-test-app';

// Server-rendered pages and the daily figures: one page sent is one view, or one appearance per
// listing shown, whether the page was rendered for the request or came from the read cache.
const { app, db } = await createRenderedTestApp({ readCacheMaxAgeMs: 60_000 });

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'services', slug: 'page-figures' });
const listing = await createListing(db, { providerId: provider.id, categoryId: category.id, title: 'Quokka consulting', slug: 'quokka-consulting' });
const today = new Date().toISOString().slice(0, 10);

async function figures() {
  await app.dailyCounts.flush();
  const [row] = await db
    .select()
    .from(listingDailyFigures)
    .where(and(eq(listingDailyFigures.listingId, listing.id), eq(listingDailyFigures.day, today)));
  return row;
}

describe('pages and the daily figures', () => {
  it('counts a listing page once per visit, rendered or cached', async () => {
    for (const ip of ['203.0.113.5', '203.0.113.5', '203.0.113.6']) {
      const res = await app.inject({ url: '/service/quokka-consulting', remoteAddress: ip, headers: { 'user-agent': browser } });
      expect(res.statusCode).toBe(200);
    }
    expect(await figures()).toMatchObject({ views: 3, uniqueVisitors: 2 });
  });

  it('counts the listings of a search page each time the page is sent, and not its render’s read besides', async () => {
    for (let n = 0; n < 3; n++) {
      const res = await app.inject({ url: '/services?search=quokka', headers: { 'user-agent': browser } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Quokka consulting');
    }
    await app.inject({ url: '/services?search=quokka', headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    expect(await figures()).toMatchObject({ searchAppearances: 3 });
    await app.inject({ url: '/category/page-figures', headers: { 'user-agent': browser } });
    expect(await figures()).toMatchObject({ categoryAppearances: 1 });
  });
});
