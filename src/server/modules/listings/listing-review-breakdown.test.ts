import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '../../../db/schema/listings';
import { reviews } from '../../../db/schema/reviews';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import type { AgencySize, ReviewerContext } from '../../../shared/review-context';
import { refreshListingRating } from '../reviews/reviews.queries';

const { app, db } = await createTestApp();

const owner = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'services' });
const members = await Promise.all(Array.from({ length: 8 }, () => createUser(app, db)));

const newService = (overrides: Partial<Parameters<typeof createListing>[1]> = {}) =>
  createListing(db, { type: 'services', providerId: owner.id, categoryId: category.id, ...overrides });

type Seed = { rating: number; daysAgo: number; context?: ReviewerContext; size?: AgencySize; moderation?: 'published' | 'under_review' | 'hidden' | 'removed' };

/** Writes the reviews through the API where it can (so the listing's cached rating is the real one), then sets what only moderation sets. */
async function seed(listingId: number, rows: Seed[]) {
  const ids: number[] = [];
  for (const [i, row] of rows.entries()) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/services/${listingId}/reviews`,
      headers: { cookie: members[i]!.cookie },
      payload: { rating: row.rating, comment: `Rated ${row.rating}`, reviewerContext: row.context ?? null, agencySize: row.size ?? null },
    });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().id);
  }
  for (const [i, row] of rows.entries()) {
    await db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - row.daysAgo * 86_400_000), moderation: row.moderation ?? 'published' })
      .where(eq(reviews.id, ids[i]!));
  }
  return ids;
}

const get = (url: string) => app.inject({ url });
const ids = (res: { json: () => { id: number }[] }) => res.json().map((r) => r.id);

describe('GET /api/services/:id/reviews/breakdown', () => {
  it('counts exactly the reviews in the rating: hidden ones count, removed ones do not', async () => {
    const service = await newService();
    const [, , , removed] = await seed(service.id, [
      { rating: 5, daysAgo: 4 },
      { rating: 5, daysAgo: 3, moderation: 'hidden' },
      { rating: 2, daysAgo: 2, moderation: 'under_review' },
      { rating: 1, daysAgo: 1 },
    ]);
    // A removal recomputes the listing's rating, as a moderator's decision does.
    await db.update(reviews).set({ moderation: 'removed' }).where(eq(reviews.id, removed!));
    await refreshListingRating(db, service.id);

    const res = await get(`/api/services/${service.id}/reviews/breakdown`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rating: 4,
      reviewCount: 3,
      stars: [
        { rating: 5, count: 2 },
        { rating: 4, count: 0 },
        { rating: 3, count: 0 },
        { rating: 2, count: 1 },
        { rating: 1, count: 0 },
      ],
    });
    const listing = (await get(`/api/services/${service.id}`)).json();
    expect({ rating: listing.rating, reviewCount: listing.reviewCount }).toEqual({ rating: 4, reviewCount: 3 });
    expect((await get(`/api/services/${service.id}/reviews`)).headers['x-total-count']).toBe('3');
  });

  it('works out the rating as the stored one is rounded', async () => {
    const service = await newService();
    // 5+5+5+4+4+4+4+2 = 33 over 8 = 4.125 -> 4.1; and the stored rating agrees.
    await seed(service.id, [5, 5, 5, 4, 4, 4, 4, 2].map((rating, i) => ({ rating, daysAgo: i })));
    const breakdown = (await get(`/api/services/${service.id}/reviews/breakdown`)).json();
    const listing = (await get(`/api/services/${service.id}`)).json();
    expect(breakdown.rating).toBe(listing.rating);
    expect(breakdown.reviewCount).toBe(listing.reviewCount);
  });

  it('answers zeros for a listing without reviews, and 404 where the listing is not visible', async () => {
    const service = await newService();
    expect((await get(`/api/services/${service.id}/reviews/breakdown`)).json()).toEqual({ rating: 0, reviewCount: 0, stars: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })) });
    const pending = await newService({ status: 'pending' });
    expect((await get(`/api/services/${pending.id}/reviews/breakdown`)).json()).toEqual({ message: 'Service not found' });
    expect((await get(`/api/tools/${service.id}/reviews/breakdown`)).statusCode).toBe(404);
    expect((await get('/api/services/abc/reviews/breakdown')).statusCode).toBe(400);
  });
});

describe('GET /api/services/:id/reviews sorted and filtered', () => {
  it('sorts newest first by default, or by stars with the newest first among equals', async () => {
    const service = await newService();
    const [a, b, c, d] = await seed(service.id, [
      { rating: 3, daysAgo: 4 },
      { rating: 5, daysAgo: 3 },
      { rating: 1, daysAgo: 2 },
      { rating: 5, daysAgo: 1 },
    ]);
    expect(ids(await get(`/api/services/${service.id}/reviews`))).toEqual([d, c, b, a]);
    expect(ids(await get(`/api/services/${service.id}/reviews?sort=newest`))).toEqual([d, c, b, a]);
    expect(ids(await get(`/api/services/${service.id}/reviews?sort=highest`))).toEqual([d, b, a, c]);
    expect(ids(await get(`/api/services/${service.id}/reviews?sort=lowest`))).toEqual([c, a, d, b]);
    // Pages of a sorted list follow on without overlap.
    const first = ids(await get(`/api/services/${service.id}/reviews?sort=highest&limit=2`));
    const second = ids(await get(`/api/services/${service.id}/reviews?sort=highest&limit=2&offset=2`));
    expect([...first, ...second]).toEqual([d, b, a, c]);
  });

  it('filters by stars and by reviewer context, the total counting what matches', async () => {
    const service = await newService();
    const [a, b, c, d, e] = await seed(service.id, [
      { rating: 5, daysAgo: 5, context: 'resold', size: '1-10' },
      { rating: 4, daysAgo: 4, context: 'in_house', size: '201+' },
      { rating: 5, daysAgo: 3 },
      { rating: 5, daysAgo: 2, context: 'resold', moderation: 'hidden' },
      { rating: 2, daysAgo: 1, context: 'resold' },
    ]);
    const fives = await get(`/api/services/${service.id}/reviews?rating=5`);
    expect(ids(fives)).toEqual([d, c, a]);
    expect(fives.headers['x-total-count']).toBe('3');
    // The hidden review's context is withheld with its author: a context filter does not reveal it.
    const resold = await get(`/api/services/${service.id}/reviews?context=resold`);
    expect(ids(resold)).toEqual([e, a]);
    expect(resold.headers['x-total-count']).toBe('2');
    expect(resold.json()[1]).toMatchObject({ reviewerContext: 'resold', agencySize: '1-10' });
    expect(ids(await get(`/api/services/${service.id}/reviews?context=in_house`))).toEqual([b]);
    expect(ids(await get(`/api/services/${service.id}/reviews?context=resold&rating=5&sort=lowest`))).toEqual([a]);
    expect(ids(await get(`/api/services/${service.id}/reviews?rating=3`))).toEqual([]);
    // An empty choice from a GET form is no filter.
    expect(ids(await get(`/api/services/${service.id}/reviews?rating=&context=&sort=`))).toEqual([e, d, c, b, a]);
    // The breakdown's count for a star is what that star's filter lists.
    const breakdown = (await get(`/api/services/${service.id}/reviews/breakdown`)).json();
    for (const { rating, count } of breakdown.stars) {
      expect((await get(`/api/services/${service.id}/reviews?rating=${rating}`)).headers['x-total-count'], `${rating} stars`).toBe(String(count));
    }
  });

  it('answers 400 {"message"} for a sort, rating or context that is not one of the choices', async () => {
    const service = await newService();
    for (const query of ['sort=best', 'sort=NEWEST', 'rating=0', 'rating=6', 'rating=4.5', 'rating=x', 'context=reseller', 'context=resold&context=in_house', 'rating=1&rating=2']) {
      const res = await get(`/api/services/${service.id}/reviews?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ message: expect.any(String) });
    }
  });
});

describe("the provider's profile", () => {
  it('breaks down the reviews of their live listings, counting those of the profile rating', async () => {
    const provider = await createUser(app, db, { isProvider: true, firstName: 'Pat', lastName: 'Provider' });
    const live = await createListing(db, { type: 'services', providerId: provider.id, categoryId: category.id });
    const other = await createListing(db, { type: 'services', providerId: provider.id, categoryId: category.id });
    await seed(live.id, [{ rating: 4, daysAgo: 1 }, { rating: 3, daysAgo: 2, moderation: 'hidden' }]);
    await seed(other.id, [{ rating: 5, daysAgo: 1 }]);
    // A listing taken down takes its reviews out of the profile's figures.
    const down = await createListing(db, { type: 'services', providerId: provider.id, categoryId: category.id });
    await seed(down.id, [{ rating: 1, daysAgo: 1 }]);
    await db.update(listings).set({ status: 'rejected' }).where(eq(listings.id, down.id));

    const profile = (await get(`/api/providers/${provider.id}`)).json();
    expect(profile.reviewCount).toBe(3);
    expect(profile.rating).toBe(4);
    expect(profile.ratingBreakdown).toEqual([
      { rating: 5, count: 1 },
      { rating: 4, count: 1 },
      { rating: 3, count: 1 },
      { rating: 2, count: 0 },
      { rating: 1, count: 0 },
    ]);
  });
});
