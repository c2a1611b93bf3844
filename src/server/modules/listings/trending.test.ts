import { describe, expect, it } from 'vitest';
import { listingDailyViews } from '../../../db/schema/listings';
import { favorites, reviews } from '../../../db/schema/reviews';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { viewDay } from './listing-views.queries';
import { trendingServices } from './listings.service';

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
    const later = await trendingServices(db, 50, new Date(now.getTime() + 7 * DAY));
    expect(later.slice(0, 4).map((l) => l.id)).toEqual([saved.id, viewedToday.id, viewedEarlier.id, reviewedLastWeek.id]);
    // 11 days on, the views of 20 days ago are out of the 30-day window altogether.
    const muchLater = await trendingServices(db, 50, new Date(now.getTime() + 11 * DAY));
    expect(muchLater.slice(0, 3).map((l) => l.id)).toEqual([saved.id, viewedToday.id, reviewedLastWeek.id]);
  });

  it('honours the limit and refuses bad ones', async () => {
    const res = await app.inject({ url: '/api/services/trending?limit=2' });
    expect(res.json().map((l: { id: number }) => l.id)).toEqual([saved.id, viewedToday.id]);
    for (const limit of ['0', '51', 'ten']) {
      expect((await app.inject({ url: `/api/services/trending?limit=${limit}` })).statusCode).toBe(400);
    }
  });
});
