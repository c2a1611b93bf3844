import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '../../../db/schema/listings';
import { outbox } from '../../../db/schema/messages';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser, type TestUser } from '../../../../test/factories';

const { app, db } = await createTestApp();

const category = await createCategory(db, { type: 'services' });
const admin = await createUser(app, db, { isAdmin: true });

async function listingWithProvider() {
  const provider = await createUser(app, db, { isProvider: true });
  const listing = await createListing(db, { providerId: provider.id, categoryId: category.id, title: `Audits ${Math.random().toString(36).slice(2, 7)}` });
  return { provider, listing };
}

async function writeReview(listingId: number, rating: number, comment: string) {
  const reviewer = await createUser(app, db, { firstName: 'Rita', lastName: 'Reviewer' });
  const res = await app.inject({ method: 'POST', url: `/api/services/${listingId}/reviews`, headers: { cookie: reviewer.cookie }, payload: { rating, comment } });
  expect(res.statusCode).toBe(201);
  return { reviewer, reviewId: res.json().id as number };
}

const report = async (user: TestUser, reviewId: number, payload: object) => {
  const res = await app.inject({ method: 'POST', url: `/api/reviews/${reviewId}/reports`, headers: { cookie: user.cookie }, payload });
  expect(res.statusCode).toBe(201);
};
const decide = async (reviewId: number, payload: object) => {
  const res = await app.inject({ method: 'POST', url: `/api/admin/review-reports/${reviewId}/decision`, headers: { cookie: admin.cookie }, payload });
  expect(res.statusCode).toBe(200);
};
const lastMailTo = async (to: string) => (await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];
const myReports = (user: TestUser | undefined, query = '') =>
  app.inject({ url: `/api/reviews/my-reports${query}`, headers: user ? { cookie: user.cookie } : {} });

describe('a reporter’s own reports', () => {
  it('shows a member each report with its status, open then decided, and the date decided', async () => {
    const { listing } = await listingWithProvider();
    const kept = await writeReview(listing.id, 2, 'Slow but fine.');
    const edited = await writeReview(listing.id, 4, 'Ask for Jo on 555-0100.');
    const removed = await writeReview(listing.id, 1, 'Buy from a competitor instead.');
    const member = await createUser(app, db);
    await report(member, kept.reviewId, { reason: 'spam' });
    await report(member, edited.reviewId, { reason: 'personal_info' });
    await report(member, removed.reviewId, { reason: 'conflict_of_interest' });

    const open = await myReports(member);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toContain('no-store');
    expect(open.headers['x-total-count']).toBe('3');
    // The newest first.
    expect(open.json()).toEqual([
      { id: expect.any(Number), reason: 'conflict_of_interest', role: 'member', reportedAt: expect.any(String), status: 'open', decidedAt: null, review: { id: removed.reviewId, rating: 1 }, listing: { id: listing.id, type: 'services', slug: listing.slug, title: listing.title, live: true } },
      expect.objectContaining({ reason: 'personal_info', status: 'open', decidedAt: null, review: { id: edited.reviewId, rating: 4 } }),
      expect.objectContaining({ reason: 'spam', status: 'open', decidedAt: null, review: { id: kept.reviewId, rating: 2 } }),
    ]);

    const before = Date.now();
    await decide(kept.reviewId, { decision: 'keep' });
    await decide(edited.reviewId, { decision: 'edit', comment: 'Ask for [name removed].' });
    await decide(removed.reviewId, { decision: 'remove' });
    const decided = (await myReports(member)).json() as { status: string; decidedAt: string; reportedAt: string; review: { id: number } }[];
    expect(decided.map((row) => [row.review.id, row.status])).toEqual([
      [removed.reviewId, 'removed'],
      [edited.reviewId, 'edited'],
      [kept.reviewId, 'kept'],
    ]);
    for (const row of decided) {
      expect(Date.parse(row.decidedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(row.decidedAt)).toBeGreaterThanOrEqual(Date.parse(row.reportedAt));
    }
    // Each decision's mail links to the list.
    expect((await lastMailTo(member.email))?.text).toMatch(/All your reports and what was decided: http\S+\/dashboard\?tab=reports$/);
  });

  it('shows a provider their reports on reviews of their own listing, as the provider', async () => {
    const { provider, listing } = await listingWithProvider();
    const { reviewId } = await writeReview(listing.id, 1, 'Never delivered.');
    await report(provider, reviewId, { reason: 'not_genuine', details: 'No such client.' });
    await decide(reviewId, { decision: 'keep' });
    const rows = (await myReports(provider)).json();
    expect(rows).toEqual([expect.objectContaining({ role: 'provider', reason: 'not_genuine', status: 'kept', decidedAt: expect.any(String), review: { id: reviewId, rating: 1 } })]);
    expect((await lastMailTo(provider.email))?.text).toMatch(/\/provider\?tab=reports$/);
  });

  it('shows nobody another person’s reports, who reported, the review’s author or its text', async () => {
    const { provider, listing } = await listingWithProvider();
    const { reviewer, reviewId } = await writeReview(listing.id, 2, 'Call their manager Jo on 555-0100.');
    const member = await createUser(app, db);
    const other = await createUser(app, db);
    await report(member, reviewId, { reason: 'abusive', details: 'Mine alone' });
    await report(provider, reviewId, { reason: 'personal_info' });

    const mine = await myReports(member);
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0]).toMatchObject({ reason: 'abusive', role: 'member' });
    const theirs = await myReports(provider);
    expect(theirs.json()).toHaveLength(1);
    expect(theirs.json()[0]).toMatchObject({ reason: 'personal_info', role: 'provider' });
    for (const answer of [mine, theirs]) {
      for (const secret of ['555-0100', 'Mine alone', reviewer.id, reviewer.email, member.id, member.email, provider.email]) expect(answer.body).not.toContain(secret);
    }
    // Someone who reported nothing sees nothing, whoever else reported; the review's author too.
    for (const person of [other, reviewer]) {
      const none = await myReports(person);
      expect(none.json()).toEqual([]);
      expect(none.headers['x-total-count']).toBe('0');
    }
    // There is no way to ask for someone else's: the list is always the caller's.
    expect((await myReports(other, `?reporterId=${member.id}`)).json()).toEqual([]);
  });

  it('pages with limit and offset, refuses bad ones (400) and visitors (401)', async () => {
    const { listing } = await listingWithProvider();
    const member = await createUser(app, db);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { reviewId } = await writeReview(listing.id, 3, `Review ${i}`);
      await report(member, reviewId, { reason: 'spam' });
      ids.push(reviewId);
    }
    const page = await myReports(member, '?limit=2&offset=1');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((row: { review: { id: number } }) => row.review.id)).toEqual([ids[1], ids[0]]);
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=two']) {
      const res = await myReports(member, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await myReports(undefined)).statusCode).toBe(401);
  });

  it('says when the listing is no longer public, so the screen does not link to it', async () => {
    const { listing } = await listingWithProvider();
    const { reviewId } = await writeReview(listing.id, 3, 'Fine.');
    const member = await createUser(app, db);
    await report(member, reviewId, { reason: 'spam' });
    // No longer live: the screen names it without a link.
    await db.update(listings).set({ status: 'rejected' }).where(eq(listings.id, listing.id));
    expect((await myReports(member)).json()[0].listing).toMatchObject({ slug: listing.slug, live: false });
  });
});

describe('the admin overview', () => {
  it('counts the reviews that await a decision, once each however many reports they have', async () => {
    const overview = async () => {
      const res = await app.inject({ url: '/api/admin/overview', headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(200);
      return res.json().reportedReviews as number;
    };
    const start = await overview();
    const { listing } = await listingWithProvider();
    const first = await writeReview(listing.id, 1, 'One.');
    const second = await writeReview(listing.id, 2, 'Two.');
    await report(await createUser(app, db), first.reviewId, { reason: 'spam' });
    await report(await createUser(app, db), first.reviewId, { reason: 'abusive' });
    expect(await overview()).toBe(start + 1);
    await report(await createUser(app, db), second.reviewId, { reason: 'wrong_listing' });
    expect(await overview()).toBe(start + 2);
    // The queue's own count agrees.
    const queue = await app.inject({ url: '/api/admin/review-reports', headers: { cookie: admin.cookie } });
    expect(Number(queue.headers['x-total-count'])).toBe(start + 2);
    await decide(first.reviewId, { decision: 'keep' });
    expect(await overview()).toBe(start + 1);
    await decide(second.reviewId, { decision: 'remove' });
    expect(await overview()).toBe(start);
  });
});
