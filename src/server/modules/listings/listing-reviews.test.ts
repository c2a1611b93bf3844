import { describe, expect, it } from 'vitest';
import { reviews } from '../../../db/schema/reviews';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();

const owner = await createUser(app, db, { isProvider: true });
const admin = await createUser(app, db, { isAdmin: true });
const alice = await createUser(app, db, { firstName: 'Alice', lastName: 'Archer', profileImageUrl: '/api/images/1' });
const bob = await createUser(app, db, { firstName: 'Bob', lastName: 'Baker' });
const carol = await createUser(app, db, { firstName: 'Carol', lastName: 'Cole' });
const category = await createCategory(db, { type: 'services' });

const newService = (overrides: Partial<Parameters<typeof createListing>[1]> = {}) =>
  createListing(db, { type: 'services', providerId: owner.id, categoryId: category.id, ...overrides });

async function review(listingId: number, userId: string, rating: number, daysAgo: number) {
  const createdAt = new Date(Date.now() - daysAgo * 86_400_000);
  const [row] = await db.insert(reviews).values({ listingId, userId, rating, comment: `Rated ${rating}`, createdAt }).returning();
  return row!;
}

const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

describe('GET /api/services/:id/reviews', () => {
  it('lists the reviews newest first, with the reviewer, and the total', async () => {
    const service = await newService();
    const old = await review(service.id, alice.id, 4, 10);
    const recent = await review(service.id, bob.id, 5, 1);
    const middle = await review(service.id, carol.id, 2, 5);
    const res = await get(`/api/services/${service.id}/reviews`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json().map((r: { id: number }) => r.id)).toEqual([recent.id, middle.id, old.id]);
    expect(res.json()[2]).toEqual({
      id: old.id,
      rating: 4,
      comment: 'Rated 4',
      createdAt: old.createdAt.toISOString(),
      user: { id: alice.id, firstName: 'Alice', lastName: 'Archer', profileImageUrl: '/api/images/1' },
      reviewerContext: null,
      agencySize: null,
      status: 'published',
      editedByModerator: false,
      verifiedPartner: false,
      reply: null,
    });
    expect(res.json()[0].user).not.toHaveProperty('email');
  });

  it('pages with limit and offset', async () => {
    const service = await newService();
    await review(service.id, alice.id, 4, 3);
    const second = await review(service.id, bob.id, 5, 2);
    await review(service.id, carol.id, 3, 1);
    const res = await get(`/api/services/${service.id}/reviews?limit=1&offset=1`);
    expect(res.json().map((r: { id: number }) => r.id)).toEqual([second.id]);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('answers an empty list for a live listing without reviews', async () => {
    const service = await newService();
    const res = await get(`/api/services/${service.id}/reviews`);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('answers 404 where the listing itself is hidden or of the other type', async () => {
    const rejected = await newService({ status: 'rejected' });
    await review(rejected.id, alice.id, 1, 1);
    expect((await get(`/api/services/${rejected.id}/reviews`)).json()).toEqual({ message: 'Service not found' });
    expect((await get(`/api/services/${rejected.id}/reviews`, alice.cookie)).statusCode).toBe(404);
    expect((await get(`/api/services/${rejected.id}/reviews`, owner.cookie)).statusCode).toBe(200);
    expect((await get(`/api/services/${rejected.id}/reviews`, admin.cookie)).statusCode).toBe(200);
    const live = await newService();
    expect((await get(`/api/tools/${live.id}/reviews`)).json()).toEqual({ message: 'Tool not found' });
    expect((await get('/api/services/999999/reviews')).statusCode).toBe(404);
  });

  it('answers 400 for a bad id or paging, never 500', async () => {
    const service = await newService();
    for (const url of ['/api/services/abc/reviews', '/api/services/1.5/reviews', '/api/services/-1/reviews', '/api/services/99999999999/reviews', `/api/services/${service.id}/reviews?limit=0`, `/api/services/${service.id}/reviews?offset=x`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
