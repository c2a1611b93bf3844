import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '../../../db/schema/listings';
import { reviews } from '../../../db/schema/reviews';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();

const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'services' });
const toolCategory = await createCategory(db, { type: 'tools' });
const newService = (status: 'approved' | 'pending' | 'rejected' = 'approved') =>
  createListing(db, { type: 'services', providerId: provider.id, categoryId: category.id, status });

const review = (cookie: string | undefined, type: 'services' | 'tools', id: number | string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/${type}/${id}/reviews`, headers: cookie ? { cookie } : {}, payload: payload as object });

async function aggregates(id: number) {
  const [row] = await db.select({ rating: listings.rating, reviewCount: listings.reviewCount }).from(listings).where(eq(listings.id, id));
  return row!;
}

describe('writing a review', () => {
  it('stores the review with the reviewer and updates the listing rating and count', async () => {
    const service = await newService();
    const member = await createUser(app, db, { firstName: 'Grace', lastName: 'Hopper' });
    const res = await review(member.cookie, 'services', service.id, { rating: 4, comment: '  Solid work.  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      rating: 4,
      comment: 'Solid work.',
      user: { id: member.id, firstName: 'Grace', lastName: 'Hopper' },
      listing: { rating: 4, reviewCount: 1 },
    });
    expect(await aggregates(service.id)).toEqual({ rating: 4, reviewCount: 1 });
  });

  it('averages to one decimal across members', async () => {
    const service = await newService();
    for (const rating of [5, 4, 4]) {
      const member = await createUser(app, db);
      expect((await review(member.cookie, 'services', service.id, { rating, comment: 'ok' })).statusCode).toBe(201);
    }
    // (5 + 4 + 4) / 3 = 4.333...
    expect(await aggregates(service.id)).toEqual({ rating: 4.3, reviewCount: 3 });
  });

  it('stores the reviewer context and agency size when given, and shows them with the review', async () => {
    const service = await newService();
    const member = await createUser(app, db);
    const res = await review(member.cookie, 'services', service.id, { rating: 4, comment: 'Resold to three clients.', reviewerContext: 'resold', agencySize: '11-50' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ reviewerContext: 'resold', agencySize: '11-50' });
    const listed = await app.inject({ url: `/api/services/${service.id}/reviews` });
    expect(listed.json()[0]).toMatchObject({ reviewerContext: 'resold', agencySize: '11-50' });
    // Rewriting the review without them says nothing any more: the review is replaced as a whole.
    const again = await review(member.cookie, 'services', service.id, { rating: 4, comment: 'Resold to three clients.', reviewerContext: null });
    expect(again.json()).toMatchObject({ reviewerContext: null, agencySize: null });
  });

  it('refuses a reviewer context or agency size that is not one of the choices with 400', async () => {
    const service = await newService();
    const member = await createUser(app, db);
    for (const extra of [{ reviewerContext: 'reseller' }, { agencySize: '1-50' }, { agencySize: 10 }, { reviewerContext: '' }]) {
      const res = await review(member.cookie, 'services', service.id, { rating: 4, comment: 'ok', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await aggregates(service.id)).toEqual({ rating: 0, reviewCount: 0 });
  });

  it('defaults the rating to 5', async () => {
    const service = await newService();
    const member = await createUser(app, db);
    const res = await review(member.cookie, 'services', service.id, { comment: 'Great' });
    expect(res.statusCode).toBe(201);
    expect(res.json().rating).toBe(5);
  });

  it('updates the first review when a member submits a second one', async () => {
    const service = await newService();
    const member = await createUser(app, db);
    const first = await review(member.cookie, 'services', service.id, { rating: 2, comment: 'Slow.' });
    const second = await review(member.cookie, 'services', service.id, { rating: 5, comment: 'They fixed it, great.' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const rows = await db.select().from(reviews).where(eq(reviews.listingId, service.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, comment: 'They fixed it, great.' });
    expect(await aggregates(service.id)).toEqual({ rating: 5, reviewCount: 1 });
  });

  it('works for tools on the tools path', async () => {
    const tool = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: toolCategory.id });
    const member = await createUser(app, db);
    expect((await review(member.cookie, 'tools', tool.id, { rating: 3, comment: 'Fine' })).statusCode).toBe(201);
    expect(await aggregates(tool.id)).toEqual({ rating: 3, reviewCount: 1 });
    // The same id on the services path is no service.
    const wrongPath = await review(member.cookie, 'services', tool.id, { rating: 3, comment: 'Fine' });
    expect(wrongPath.statusCode).toBe(404);
    expect(wrongPath.json().message).toBe('Service not found');
  });
});

describe('who may review what', () => {
  it('answers 401 when signed out, before reading the input', async () => {
    const service = await newService();
    for (const res of [await review(undefined, 'services', service.id, { rating: 5, comment: 'x' }), await review(undefined, 'tools', 'abc', {})]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses a provider reviewing their own listing with 403', async () => {
    const service = await newService();
    const res = await review(provider.cookie, 'services', service.id, { rating: 5, comment: 'Best service ever!' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot review your own listing.');
    expect(await aggregates(service.id)).toEqual({ rating: 0, reviewCount: 0 });
  });

  it('lets another provider and an administrator review', async () => {
    const service = await newService();
    const otherProvider = await createUser(app, db, { isProvider: true });
    const admin = await createUser(app, db, { isAdmin: true });
    expect((await review(otherProvider.cookie, 'services', service.id, { rating: 1, comment: 'Meh' })).statusCode).toBe(201);
    expect((await review(admin.cookie, 'services', service.id, { rating: 2, comment: 'Meh' })).statusCode).toBe(201);
    expect(await aggregates(service.id)).toEqual({ rating: 1.5, reviewCount: 2 });
  });

  it('answers 404 for listings that are not live and for unknown ids', async () => {
    const member = await createUser(app, db);
    for (const status of ['pending', 'rejected'] as const) {
      const service = await newService(status);
      const res = await review(member.cookie, 'services', service.id, { rating: 5, comment: 'Early bird' });
      expect(res.statusCode).toBe(404);
      expect(await aggregates(service.id)).toEqual({ rating: 0, reviewCount: 0 });
    }
    expect((await review(member.cookie, 'services', 999_999, { rating: 5, comment: 'x' })).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('asks for a comment when it is missing or blank', async () => {
    const service = await newService();
    const member = await createUser(app, db);
    for (const payload of [{ rating: 5 }, { rating: 5, comment: '   ' }, { rating: 5, comment: null }]) {
      const res = await review(member.cookie, 'services', service.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please write a review comment.');
    }
  });

  it('refuses ratings outside 1-5, fractions and strings', async () => {
    const service = await newService();
    const member = await createUser(app, db);
    for (const rating of [0, 6, 4.5, '5', -1, null]) {
      const res = await review(member.cookie, 'services', service.id, { rating, comment: 'ok' });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json().message).toBe('Rating must be a whole number from 1 to 5');
    }
  });

  it('answers 400, never 500, for bad ids, bodies that are not objects and oversized comments', async () => {
    const service = await newService();
    const member = await createUser(app, db);
    for (const id of ['abc', '0', '1.5', '99999999999']) {
      expect((await review(member.cookie, 'services', id, { rating: 5, comment: 'x' })).statusCode).toBe(400);
    }
    const notObject = await app.inject({
      method: 'POST',
      url: `/api/services/${service.id}/reviews`,
      headers: { cookie: member.cookie, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(notObject.statusCode).toBe(400);
    const long = await review(member.cookie, 'services', service.id, { rating: 5, comment: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
  });
});
