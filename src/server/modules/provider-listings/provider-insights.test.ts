import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { messages } from '../../../db/schema/messages';
import { favorites, reviews } from '../../../db/schema/reviews';

const { app, db } = await createTestApp();
const category = await createCategory(db, { type: 'services' });

const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
const markRead = (id: number | string, read: unknown, cookie?: string) =>
  app.inject({ method: 'PATCH', url: `/api/provider/leads/${id}`, payload: { read }, headers: cookie ? { cookie } : {} });

const DAY = 24 * 60 * 60 * 1000;

async function lead(recipientId: string, listingId: number | null, overrides: Partial<typeof messages.$inferInsert> = {}) {
  const [row] = await db
    .insert(messages)
    .values({ kind: 'listing', recipientId, listingId, name: 'Ann Agency', email: 'ann@agency.test', message: 'Can you help us?', ...overrides })
    .returning();
  return row!;
}

describe('provider stats', () => {
  it('counts listings by status, views, favourites, reviews and recent leads of the provider only', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const other = await createUser(app, db, { isProvider: true });
    const members = [await createUser(app, db), await createUser(app, db)];
    const live = await createListing(db, { providerId: provider.id, categoryId: category.id, status: 'approved', viewCount: 40 });
    await createListing(db, {
      providerId: provider.id,
      categoryId: category.id,
      status: 'approved',
      viewCount: 2,
      pendingChanges: {
        title: 'x', description: 'x', shortDescription: null, categoryId: category.id, price: null, priceType: null,
        deliveryTime: null, tags: [], features: [], websiteUrl: null, submittedAt: new Date().toISOString(),
      },
    });
    await createListing(db, { providerId: provider.id, categoryId: category.id, status: 'pending' });
    await createListing(db, { providerId: provider.id, categoryId: category.id, status: 'rejected' });
    const foreign = await createListing(db, { providerId: other.id, categoryId: category.id, viewCount: 1000 });

    for (const member of members) await db.insert(favorites).values({ userId: member.id, listingId: live.id });
    await db.insert(favorites).values({ userId: members[0]!.id, listingId: foreign.id });
    await db.insert(reviews).values([
      { userId: members[0]!.id, listingId: live.id, rating: 5, comment: 'Great' },
      { userId: members[1]!.id, listingId: live.id, rating: 4, comment: 'Good' },
      { userId: members[0]!.id, listingId: foreign.id, rating: 1, comment: 'Not theirs' },
    ]);
    await lead(provider.id, live.id);
    await lead(provider.id, live.id, { readAt: new Date() });
    await lead(provider.id, live.id, { createdAt: new Date(Date.now() - 45 * DAY) });
    await lead(other.id, foreign.id);

    const res = await get('/api/provider/stats', provider.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      listings: { live: 2, pending: 1, rejected: 1, updatesPending: 1 },
      views: 42,
      favorites: 2,
      reviews: { count: 2, averageRating: 4.5 },
      leads: { last30Days: 2, unread: 2 },
    });
  });

  it('answers zeros for someone with nothing listed', async () => {
    const member = await createUser(app, db);
    expect((await get('/api/provider/stats', member.cookie)).json()).toEqual({
      listings: { live: 0, pending: 0, rejected: 0, updatesPending: 0 },
      views: 0,
      favorites: 0,
      reviews: { count: 0, averageRating: 0 },
      leads: { last30Days: 0, unread: 0 },
    });
  });
});

describe('leads inbox', () => {
  it('lists the provider\'s listing inquiries newest first, with the listing and paging', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const other = await createUser(app, db, { isProvider: true });
    const listing = await createListing(db, { providerId: provider.id, categoryId: category.id, title: 'Ads Management' });
    const older = await lead(provider.id, listing.id, { createdAt: new Date(Date.now() - DAY), message: 'older' });
    const newer = await lead(provider.id, listing.id, { message: 'newer' });
    await lead(other.id, null, { message: 'someone else\'s' });
    await db.insert(messages).values({ kind: 'site', recipientId: provider.id, name: 'S', email: 's@x.test', message: 'site form' });

    const res = await get('/api/provider/leads', provider.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toEqual([
      {
        id: newer.id,
        listing: { id: listing.id, type: 'services', slug: listing.slug, title: 'Ads Management' },
        name: 'Ann Agency',
        email: 'ann@agency.test',
        message: 'newer',
        read: false,
        createdAt: newer.createdAt.toISOString(),
      },
      expect.objectContaining({ id: older.id, message: 'older' }),
    ]);
    const second = await get('/api/provider/leads?limit=1&offset=1', provider.cookie);
    expect(second.json().map((l: { id: number }) => l.id)).toEqual([older.id]);
    expect(second.headers['x-total-count']).toBe('2');
  });

  it('marks a lead read and unread; another provider\'s lead is not found', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const other = await createUser(app, db, { isProvider: true });
    const admin = await createUser(app, db, { isAdmin: true });
    const mine = await lead(provider.id, null);
    const theirs = await lead(other.id, null);

    expect((await markRead(mine.id, true, provider.cookie)).json()).toMatchObject({ id: mine.id, read: true, listing: null });
    expect((await get('/api/provider/stats', provider.cookie)).json().leads.unread).toBe(0);
    expect((await markRead(mine.id, false, provider.cookie)).json()).toMatchObject({ read: false });

    expect((await markRead(theirs.id, true)).statusCode).toBe(401);
    for (const cookie of [provider.cookie, admin.cookie]) {
      const res = await markRead(theirs.id, true, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Lead not found');
    }
    expect((await get('/api/provider/leads', other.cookie)).json()[0]).toMatchObject({ id: theirs.id, read: false });
  });

  it('answers 400 for a bad id or body', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const mine = await lead(provider.id, null);
    expect((await markRead('abc', true, provider.cookie)).statusCode).toBe(400);
    expect((await markRead(mine.id, 'yes', provider.cookie)).statusCode).toBe(400);
    expect((await markRead(mine.id, undefined, provider.cookie)).statusCode).toBe(400);
    expect((await get('/api/provider/leads?limit=500', provider.cookie)).statusCode).toBe(400);
  });
});
