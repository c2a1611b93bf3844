import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingDailyFigures } from '../../../db/schema/daily-figures';
import { listings } from '../../../db/schema/listings';
import { insightJson } from '../../../shared/schemas/insight';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { insightPeriods } from './insight.service';

const { app, db } = await createTestApp();

const provider = await createUser(app, db, { isProvider: true });
const rival = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'services', name: 'Audits' });
const small = await createCategory(db, { type: 'services', name: 'Small' });

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const get = (url: string, cookie = provider.cookie) => app.inject({ url, headers: { cookie } });
const insight = async (query: string, cookie = provider.cookie) => {
  const res = await get(`/api/provider/insight${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return insightJson.parse(res.json());
};

// The provider's listing: 10 views, 4 visitors, 1 lead today; 6 views, 3 visitors, 2 leads 3 days ago;
// 5 views, 2 visitors 10 days ago (the previous 7 days); 100 views 40 days ago (outside 30 days).
const own = await createListing(db, { providerId: provider.id, categoryId: category.id, title: 'Own audit' });
const second = await createListing(db, { providerId: provider.id, categoryId: small.id, title: 'Second' });
await db.insert(listingDailyFigures).values([
  { listingId: own.id, day: daysAgo(0), views: 10, uniqueVisitors: 4, leads: 1, newReviews: 2, ratingSum: 9, websiteClicks: 3 },
  { listingId: own.id, day: daysAgo(3), views: 6, uniqueVisitors: 3, leads: 2, favouritesAdded: 1 },
  { listingId: own.id, day: daysAgo(10), views: 5, uniqueVisitors: 2 },
  { listingId: own.id, day: daysAgo(40), views: 100, uniqueVisitors: 50 },
  { listingId: second.id, day: daysAgo(0), views: 7, uniqueVisitors: 7, searchAppearances: 11 },
]);
// Four rivals in the category: views 0, 8, 20, 30 and leads 0, 1, 5, 0 over the last 7 days.
const rivals = [
  { views: 0, uniqueVisitors: 0, leads: 0 },
  { views: 8, uniqueVisitors: 4, leads: 1 },
  { views: 20, uniqueVisitors: 10, leads: 5 },
  { views: 30, uniqueVisitors: 30, leads: 0 },
];
const rivalListings: { id: number }[] = [];
for (const figures of rivals) {
  const listing = await createListing(db, { providerId: rival.id, categoryId: category.id });
  rivalListings.push(listing);
  if (figures.views > 0) await db.insert(listingDailyFigures).values({ listingId: listing.id, day: daysAgo(1), ...figures });
}

describe('GET /api/provider/insight', () => {
  it('gives one listing’s days over the range, every day present, with totals against the previous period', async () => {
    const answer = await insight(`?range=7&listing=${own.id}`);
    expect(answer.range).toEqual({ range: '7', from: daysAgo(6), to: daysAgo(0), days: 7 });
    expect(answer.previous).toEqual({ from: daysAgo(13), to: daysAgo(7) });
    expect(answer.days.map((d) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(daysAgo));
    expect(answer.days.at(-1)).toMatchObject({ views: 10, uniqueVisitors: 4, leads: 1, newReviews: 2, averageRating: 4.5, websiteClicks: 3 });
    expect(answer.days[3]).toMatchObject({ views: 6, leads: 2, favouritesAdded: 1, averageRating: null });
    expect(answer.days[0]).toMatchObject({ views: 0, leads: 0 });
    expect(answer.totals.views).toEqual({ value: 16, previous: 5 });
    expect(answer.totals.uniqueVisitors).toEqual({ value: 7, previous: 2 });
    expect(answer.totals.leads).toEqual({ value: 3, previous: 0 });
    expect(answer.totals.leadRate).toEqual({ value: 3 / 7, previous: 0 });
    expect(answer.listing).toMatchObject({ id: own.id, title: 'Own audit' });
    expect(answer.listings.map((l) => l.title)).toEqual(['Own audit', 'Second']);
    expect(Date.parse(answer.asOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('adds up all the provider’s listings, without a category comparison', async () => {
    const answer = await insight('?range=30');
    expect(answer.days).toHaveLength(30);
    expect(answer.totals.views).toEqual({ value: 10 + 6 + 5 + 7, previous: 100 });
    expect(answer.totals.searchAppearances.value).toBe(11);
    expect(answer.days.at(-1)!.views).toBe(17);
    expect(answer.listing).toBeNull();
    expect(answer.category).toBeNull();
  });

  it('takes a custom range, and the same number of days before it', async () => {
    const answer = await insight(`?range=custom&from=${daysAgo(10)}&to=${daysAgo(3)}&listing=${own.id}`);
    expect(answer.range.days).toBe(8);
    expect(answer.previous).toEqual({ from: daysAgo(18), to: daysAgo(11) });
    expect(answer.totals.views.value).toBe(11);
    expect(answer.totals.leadRate.previous).toBeNull();
  });

  it('compares a listing with the medians of its category and ranks it, from 5 live listings on', async () => {
    const answer = await insight(`?range=7&listing=${own.id}`);
    // Views 16 against 0, 8, 20, 30: median 16, rank 3; leads 3 against 0, 1, 5, 0: median 1, rank 2;
    // lead rates 3/7, 1/4, 5/10, 0/30 (a listing without visitors has none): median 0.25 + 3/7 over 2.
    expect(answer.category).toEqual({
      name: 'Audits',
      liveListings: 5,
      medianViews: 16,
      medianLeads: 1,
      medianLeadRate: (0.25 + 3 / 7) / 2,
      rankByViews: 3,
      rankByLeads: 2,
    });
    // Medians and ranks only: no rival's listing or own figures.
    expect(answer.listings.map((l) => l.title)).toEqual(['Own audit', 'Second']);
  });

  it('leaves the comparison out under 5 live listings', async () => {
    await db.update(listings).set({ status: 'pending' }).where(eq(listings.id, rivalListings[0]!.id));
    expect((await insight(`?range=7&listing=${own.id}`)).category).toBeNull();
    expect((await insight(`?range=7&listing=${second.id}`)).category).toBeNull();
  });

  it('answers 404 for another provider’s listing, 401 signed out and 400 for a bad range', async () => {
    expect((await get(`/api/provider/insight?listing=${rivalListings[1]!.id}`)).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/provider/insight' })).statusCode).toBe(401);
    for (const query of ['?range=14', '?range=custom', `?range=custom&from=${daysAgo(1)}&to=${daysAgo(2)}`, '?range=custom&from=2020-01-01&to=2026-01-01', '?range=custom&from=2026-02-30&to=2026-03-01', '?listing=abc']) {
      const res = await get(`/api/provider/insight${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('exports exactly the days shown as CSV', async () => {
    const res = await get(`/api/provider/insight.csv?range=7&listing=${own.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`figures-${own.slug}-${daysAgo(6)}-to-${daysAgo(0)}.csv`);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Day,Views,Unique visitors,Leads,Favourites added,Favourites removed,Website clicks,Search appearances,Category appearances,New reviews,Partner applications,Average rating');
    expect(lines).toHaveLength(8);
    expect(lines[4]).toBe(`${daysAgo(3)},6,3,2,1,0,0,0,0,0,0,`);
    expect(lines[7]).toBe(`${daysAgo(0)},10,4,1,0,0,3,0,0,2,0,4.5`);
  });
});

describe('insightPeriods', () => {
  it('ends a preset range today (UTC) and puts the previous period right before it', () => {
    const now = new Date('2026-03-01T23:59:00Z');
    expect(insightPeriods({ range: '7' }, now)).toEqual({
      range: { range: '7', from: '2026-02-23', to: '2026-03-01', days: 7 },
      previous: { from: '2026-02-16', to: '2026-02-22' },
    });
    expect(insightPeriods({ range: '365' }, now).previous.to).toBe('2025-03-01');
  });
});
