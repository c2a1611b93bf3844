import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobClaims } from '../../../db/schema/jobs';
import { listingDailyViews, trendingScores } from '../../../db/schema/listings';
import { favorites, reviews } from '../../../db/schema/reviews';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { viewDay } from './listing-views.queries';
import { trendingServices } from './listings.service';
import { claimTrendingRefresh, refreshTrendingScores } from './trending.queries';

const { app, db } = await createTestApp();

const DAY = 86_400_000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

const provider = await createUser(app, db, { isProvider: true });
const members = await Promise.all([1, 2, 3].map(() => createUser(app, db)));
const category = await createCategory(db, { type: 'services' });
const toolCategory = await createCategory(db, { type: 'tools' });

let minute = 0;
const newService = (overrides: Partial<Parameters<typeof createListing>[1]> = {}) =>
  createListing(db, { type: 'services', providerId: provider.id, categoryId: category.id, createdAt: new Date(Date.UTC(2026, 0, 1, 0, ++minute)), ...overrides });

const views = (listingId: number, days: number, count: number) =>
  db.insert(listingDailyViews).values({ listingId, day: viewDay(daysAgo(days)), views: count });

// Scores (weight x 0.5^(age/7)), worked out by hand:
const saved = await newService({ title: 'Saved three times today' }); // 3 favourites x 3 = 9
const viewedToday = await newService({ title: 'Viewed today' }); // 6 views = 6
const viewedEarlier = await newService({ title: 'Viewed 20 days ago' }); // 40 x 0.5^(20/7) = 5.5
const reviewedLastWeek = await newService({ title: 'Reviewed a week ago' }); // 5 x 0.5 = 2.5
const quietTopRated = await newService({ title: 'No signal, rated 5', rating: 5 });
const longAgo = await newService({ title: 'Reviewed 40 days ago', rating: 4 }); // outside the window: 0
const quietNewer = await newService({ title: 'No signal, rated 3, newer', rating: 3 });
const quietOlder = await createListing(db, { type: 'services', providerId: provider.id, categoryId: category.id, rating: 3, createdAt: new Date(Date.UTC(2025, 0, 1)) });
const pending = await newService({ status: 'pending' });
const tool = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: toolCategory.id });

await db.insert(favorites).values(members.map((member) => ({ userId: member.id, listingId: saved.id, createdAt: now })));
await views(viewedToday.id, 0, 6);
await views(viewedEarlier.id, 20, 40);
await views(pending.id, 0, 1000);
await views(tool.id, 0, 1000);
await db.insert(reviews).values({ listingId: reviewedLastWeek.id, userId: members[0]!.id, rating: 3, comment: 'ok', createdAt: daysAgo(7) });
await db.insert(reviews).values({ listingId: longAgo.id, userId: members[0]!.id, rating: 4, comment: 'old', createdAt: daysAgo(40) });

// The list reads stored scores: recompute them from the events above, as the minute's refresh would.
await refreshTrendingScores(db, now);

const expectedOrder = [saved, viewedToday, viewedEarlier, reviewedLastWeek, quietTopRated, longAgo, quietNewer, quietOlder].map((l) => l.id);

describe('GET /api/services/trending', () => {
  it('orders live services by decayed recent views, favourites and reviews, then rating, then newest', async () => {
    const res = await app.inject({ url: '/api/services/trending' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((l: { id: number }) => l.id)).toEqual(expectedOrder);
    expect(res.json()[0]).toMatchObject({ type: 'services', status: 'approved', provider: { id: provider.id } });
  });

  it('lets signal fade with age and drops it after 30 days', async () => {
    // Seen 7 days on, every score has halved (4.5, 3, 2.8, 1.25): the order stays.
    await refreshTrendingScores(db, new Date(now.getTime() + 7 * DAY));
    const later = await trendingServices(db, 50);
    expect(later.slice(0, 4).map((l) => l.id)).toEqual([saved.id, viewedToday.id, viewedEarlier.id, reviewedLastWeek.id]);
    // 11 days on, the views of 20 days ago are out of the 30-day window altogether.
    await refreshTrendingScores(db, new Date(now.getTime() + 11 * DAY));
    const muchLater = await trendingServices(db, 50);
    expect(muchLater.slice(0, 3).map((l) => l.id)).toEqual([saved.id, viewedToday.id, reviewedLastWeek.id]);
    await refreshTrendingScores(db, now);
    expect((await trendingServices(db, 50)).map((l) => l.id)).toEqual(expectedOrder);
  });

  it('honours the limit and refuses bad ones', async () => {
    const res = await app.inject({ url: '/api/services/trending?limit=2' });
    expect(res.json().map((l: { id: number }) => l.id)).toEqual([saved.id, viewedToday.id]);
    for (const limit of ['0', '51', 'ten']) {
      expect((await app.inject({ url: `/api/services/trending?limit=${limit}` })).statusCode).toBe(400);
    }
  });

  it('moves a service up once its counted views are in the refreshed scores; bots and the owner do not count', async () => {
    const climber = await newService({ title: 'Climber' });
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const view = (ip: string, headers: Record<string, string>) => app.inject({ url: `/api/services/${climber.id}`, remoteAddress: ip, headers });
    const positionOfClimber = async () => (await trendingServices(db, 50)).map((l) => l.id).indexOf(climber.id);

    // No signal and rated 0: after every other live service.
    expect(await positionOfClimber()).toBe(expectedOrder.length);
    for (let i = 1; i <= 7; i++) await view(`203.0.113.${i}`, { 'user-agent': 'curl/8.5.0' });
    for (let i = 1; i <= 7; i++) await view(`203.0.113.${i}`, { 'user-agent': browser, cookie: provider.cookie });
    await refreshTrendingScores(db, new Date());
    expect(await positionOfClimber()).toBe(expectedOrder.length);

    // Seven people view it today: 7 beats 'Viewed today' (6), not 'Saved three times today' (9).
    for (let i = 1; i <= 7; i++) await view(`198.51.100.${i}`, { 'user-agent': browser });
    expect(await positionOfClimber()).toBe(expectedOrder.length);
    await refreshTrendingScores(db, new Date());
    expect((await trendingServices(db, 3)).map((l) => l.id)).toEqual([saved.id, climber.id, viewedToday.id]);
  });

  it('keeps only live services with a signal in trending_scores', async () => {
    const rows = await db.select().from(trendingScores);
    const ids = rows.map((row) => row.listingId);
    // The pending service and the tool have 1,000 views each; the quiet service has none.
    for (const left of [pending, tool, quietTopRated, longAgo]) expect(ids).not.toContain(left.id);
    expect(rows.find((row) => row.listingId === saved.id)?.score).toBeCloseTo(9, 3);
  });

  it('lets one server claim each minute’s refresh: the others find it taken until the claim runs out', async () => {
    // This app claimed it at start-up; a claim that ran out is taken again, once.
    expect(await claimTrendingRefresh(db)).toBe(false);
    await db.update(jobClaims).set({ claimedUntil: new Date(Date.now() - 1000) }).where(eq(jobClaims.key, 'trending-scores'));
    expect(await claimTrendingRefresh(db)).toBe(true);
    expect(await claimTrendingRefresh(db)).toBe(false);
  });
});
