import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { listings } from '../../../db/schema/listings';
import { outbox } from '../../../db/schema/messages';
import { reviewReports, reviews } from '../../../db/schema/reviews';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser, type TestUser } from '../../../../test/factories';
import { REPORTS_PER_HOUR } from './reviews.routes';

const { app, db } = await createTestApp();

const category = await createCategory(db, { type: 'services' });
const admin = await createUser(app, db, { isAdmin: true, email: `moderator-${Date.now()}@example.test` });

async function listingWithProvider() {
  const provider = await createUser(app, db, { isProvider: true, companyName: 'Acme Studio' });
  const listing = await createListing(db, { providerId: provider.id, categoryId: category.id, title: `Audits ${Math.random().toString(36).slice(2, 7)}` });
  return { provider, listing };
}

async function writeReview(listingId: number, rating: number, comment = 'A review.') {
  const reviewer = await createUser(app, db, { firstName: 'Rita', lastName: 'Reviewer' });
  const res = await app.inject({ method: 'POST', url: `/api/services/${listingId}/reviews`, headers: { cookie: reviewer.cookie }, payload: { rating, comment } });
  expect(res.statusCode).toBe(201);
  return { reviewer, reviewId: res.json().id as number };
}

const report = (user: TestUser | undefined, reviewId: number | string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/reviews/${reviewId}/reports`, headers: user ? { cookie: user.cookie } : {}, payload: payload as object });
const decide = (user: TestUser, reviewId: number, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/admin/review-reports/${reviewId}/decision`, headers: { cookie: user.cookie }, payload: payload as object });
const queue = async () => {
  const res = await app.inject({ url: '/api/admin/review-reports?limit=100', headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  return res;
};
const publicReviews = async (listingId: number) => (await app.inject({ url: `/api/services/${listingId}/reviews` })).json();
const aggregates = async (id: number) => (await db.select({ rating: listings.rating, reviewCount: listings.reviewCount }).from(listings).where(eq(listings.id, id)))[0]!;
const lastMailTo = async (to: string) => (await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];

describe('reporting a review', () => {
  it('leaves a review reported as spam visible, marked under review, with its rating counted', async () => {
    const { listing } = await listingWithProvider();
    const { reviewId } = await writeReview(listing.id, 1, 'Terrible, buy from cheap-seo.example instead');
    const member = await createUser(app, db);
    const res = await report(member, reviewId, { reason: 'spam' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ reason: 'spam', reviewStatus: 'under_review' });
    const [shown] = await publicReviews(listing.id);
    expect(shown).toMatchObject({ id: reviewId, status: 'under_review', comment: 'Terrible, buy from cheap-seo.example instead', rating: 1 });
    expect(await aggregates(listing.id)).toEqual({ rating: 1, reviewCount: 1 });
  });

  it.each(['personal_info', 'abusive'] as const)('hides a review reported as %s at once: no text, author or reply in any public answer, still counted', async (reason) => {
    const { provider, listing } = await listingWithProvider();
    const { reviewId } = await writeReview(listing.id, 2, 'Call their manager Jo on 555-0100');
    await app.inject({ method: 'PUT', url: `/api/reviews/${reviewId}/reply`, headers: { cookie: provider.cookie }, payload: { body: 'We called Jo.' } });
    const member = await createUser(app, db);
    const res = await report(member, reviewId, { reason });
    expect(res.statusCode).toBe(201);
    expect(res.json().reviewStatus).toBe('hidden');
    const answer = await app.inject({ url: `/api/services/${listing.id}/reviews` });
    expect(answer.body).not.toContain('555-0100');
    expect(answer.body).not.toContain('We called Jo.');
    expect(answer.json()[0]).toEqual({ id: reviewId, rating: 2, comment: '', createdAt: expect.any(String), user: null, reviewerContext: null, agencySize: null, status: 'hidden', editedByModerator: false, verifiedPartner: false, reply: null });
    expect(answer.headers['x-total-count']).toBe('1');
    // A report alone does not move the rating: only a decision does.
    expect(await aggregates(listing.id)).toEqual({ rating: 2, reviewCount: 1 });
  });

  it('keeps a hidden review hidden when a milder report follows', async () => {
    const { listing } = await listingWithProvider();
    const { reviewId } = await writeReview(listing.id, 3);
    expect((await report(await createUser(app, db), reviewId, { reason: 'abusive' })).json().reviewStatus).toBe('hidden');
    expect((await report(await createUser(app, db), reviewId, { reason: 'wrong_listing' })).json().reviewStatus).toBe('hidden');
    expect((await publicReviews(listing.id))[0].status).toBe('hidden');
  });

  it('allows one open report per person per review (409), the provider included', async () => {
    const { provider, listing } = await listingWithProvider();
    const { reviewId } = await writeReview(listing.id, 1);
    expect((await report(provider, reviewId, { reason: 'not_genuine', details: 'We never worked with this agency.' })).statusCode).toBe(201);
    const again = await report(provider, reviewId, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reported this review. A moderator will look at it soon.');
    const [row] = await db.select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId));
    expect(row).toMatchObject({ reporterRole: 'provider', reason: 'not_genuine', details: 'We never worked with this agency.', reviewRating: 1, outcome: null });
  });

  it('tells the page which reviews the viewer reported', async () => {
    const { listing } = await listingWithProvider();
    const { reviewId } = await writeReview(listing.id, 4);
    await writeReview(listing.id, 5);
    const member = await createUser(app, db);
    await report(member, reviewId, { reason: 'conflict_of_interest' });
    const res = await app.inject({ url: `/api/services/${listing.id}/reviews/my-reports`, headers: { cookie: member.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reportedReviewIds: [reviewId], warned: false });
    expect((await app.inject({ url: `/api/services/${listing.id}/reviews/my-reports` })).statusCode).toBe(401);
  });

  it('asks for a reason, and for a few words with "other"', async () => {
    const { listing } = await listingWithProvider();
    const { reviewId } = await writeReview(listing.id, 3);
    const member = await createUser(app, db);
    for (const payload of [{}, { reason: 'boring' }]) {
      const res = await report(member, reviewId, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please choose a reason.');
    }
    for (const details of [undefined, '   ']) {
      const res = await report(member, reviewId, { reason: 'other', details });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please say what is wrong with this review.');
    }
    expect((await report(member, reviewId, { reason: 'other', details: 'It reviews a different company.' })).statusCode).toBe(201);
  });

  it('refuses the review author (403), visitors (401), unknown and removed reviews (404)', async () => {
    const { listing } = await listingWithProvider();
    const { reviewer, reviewId } = await writeReview(listing.id, 3);
    const own = await report(reviewer, reviewId, { reason: 'spam' });
    expect(own.statusCode).toBe(403);
    expect((await report(undefined, reviewId, { reason: 'spam' })).statusCode).toBe(401);
    const member = await createUser(app, db);
    expect((await report(member, 999_999, { reason: 'spam' })).statusCode).toBe(404);
    expect((await report(member, 'abc', { reason: 'spam' })).statusCode).toBe(400);
    await db.update(reviews).set({ moderation: 'removed' }).where(eq(reviews.id, reviewId));
    expect((await report(member, reviewId, { reason: 'spam' })).statusCode).toBe(404);
  });

  it(`limits each member to ${REPORTS_PER_HOUR} reports an hour, counted in the database`, async () => {
    const { listing } = await listingWithProvider();
    const member = await createUser(app, db);
    const ids = [];
    for (let i = 0; i <= REPORTS_PER_HOUR; i++) ids.push((await writeReview(listing.id, 3)).reviewId);
    for (const id of ids.slice(0, REPORTS_PER_HOUR)) expect((await report(member, id, { reason: 'spam' })).statusCode).toBe(201);
    const limited = await report(member, ids[REPORTS_PER_HOUR]!, { reason: 'spam' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another member is not held back by the first one's quota.
    expect((await report(await createUser(app, db), ids[REPORTS_PER_HOUR]!, { reason: 'spam' })).statusCode).toBe(201);
  });
});

describe('the reported reviews queue', () => {
  it('lists reviews with open reports oldest first, with the count, the reporters and the rating history; administrators only', async () => {
    const { provider, listing } = await listingWithProvider();
    const first = await writeReview(listing.id, 1, 'First reported');
    const second = await writeReview(listing.id, 5, 'Second reported');
    await report(await createUser(app, db, { email: `early-${Date.now()}@example.test` }), first.reviewId, { reason: 'spam' });
    await report(provider, first.reviewId, { reason: 'not_genuine' });
    await report(await createUser(app, db), second.reviewId, { reason: 'wrong_listing' });

    const res = await queue();
    const items = res.json() as { review: { id: number } }[];
    const mine = items.filter((item) => [first.reviewId, second.reviewId].includes(item.review.id));
    expect(mine.map((item) => item.review.id)).toEqual([first.reviewId, second.reviewId]);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(mine[0]).toMatchObject({
      review: { id: first.reviewId, rating: 1, comment: 'First reported', status: 'under_review', author: { email: first.reviewer.email, name: 'Rita Reviewer' } },
      listing: { id: listing.id, title: listing.title, rating: 3, reviewCount: 2, ratingHistory: [{ month: expect.stringMatching(/^\d{4}-\d{2}$/), reviews: 2, average: 3 }] },
      reportCount: 2,
      reports: [
        { reason: 'spam', role: 'member', reporter: { warned: false } },
        { reason: 'not_genuine', role: 'provider', reporter: { id: provider.id, warned: false } },
      ],
    });

    const member = await createUser(app, db);
    expect((await app.inject({ url: '/api/admin/review-reports', headers: { cookie: member.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/review-reports' })).statusCode).toBe(401);
    expect((await decide(member, first.reviewId, { decision: 'keep' })).statusCode).toBe(403);
  });
});

describe('deciding a reported review', () => {
  it('keep: the review shows normally, the reports close, the reporters are told, the audit log says so', async () => {
    const { listing } = await listingWithProvider();
    const { reviewId } = await writeReview(listing.id, 2, 'Honest but harsh.');
    const reporters = [await createUser(app, db), await createUser(app, db)];
    await report(reporters[0], reviewId, { reason: 'abusive' });
    await report(reporters[1], reviewId, { reason: 'spam' });

    const res = await decide(admin, reviewId, { decision: 'keep', note: 'Criticism, not abuse.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reviewId, outcome: 'kept', reportsClosed: 2, listing: { rating: 2, reviewCount: 1 } });
    expect((await publicReviews(listing.id))[0]).toMatchObject({ status: 'published', comment: 'Honest but harsh.' });
    expect(await db.$count(reviewReports, and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.outcome, 'kept')))).toBe(2);
    expect((await queue()).json().some((item: { review: { id: number } }) => item.review.id === reviewId)).toBe(false);

    for (const reporter of reporters) {
      const mail = await lastMailTo(reporter.email);
      expect(mail?.subject).toBe(`Your report of a review of "${listing.title}": kept`);
      expect(mail?.text).toContain('found it within our rules, so it stays up');
      expect(mail?.text).toContain("The moderator's note: Criticism, not abuse.");
    }
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'review.keep'), eq(auditLog.entityId, String(reviewId))));
    expect(entry).toMatchObject({ actorId: admin.id, entityType: 'review', details: { listingId: listing.id, rating: 2, reports: 2, reasons: ['abusive', 'spam'], note: 'Criticism, not abuse.' } });
    expect((entry!.details as { reporters: string[] }).reporters.sort()).toEqual(reporters.map((r) => r.email).sort());

    // Decided: a second decision finds nothing open; the same person may report it again.
    expect((await decide(admin, reviewId, { decision: 'remove' })).statusCode).toBe(409);
    expect((await report(reporters[0], reviewId, { reason: 'spam' })).statusCode).toBe(201);
  });

  it('edit: personal information goes from the comment, the review shows again marked as edited, the reviewer is told', async () => {
    const { listing } = await listingWithProvider();
    const { reviewer, reviewId } = await writeReview(listing.id, 4, 'Great, ask for Jo Bloggs on 555-0100.');
    const reporter = await createUser(app, db);
    await report(reporter, reviewId, { reason: 'personal_info' });

    expect((await decide(admin, reviewId, { decision: 'edit' })).json().message).toBe('Please give the comment without the personal information.');
    const res = await decide(admin, reviewId, { decision: 'edit', comment: 'Great, ask for [name removed].' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'edited', listing: { rating: 4, reviewCount: 1 } });
    expect((await publicReviews(listing.id))[0]).toMatchObject({ status: 'published', comment: 'Great, ask for [name removed].', editedByModerator: true, rating: 4 });
    expect((await lastMailTo(reporter.email))?.subject).toContain(': edited');
    expect((await lastMailTo(reviewer.email))?.subject).toBe(`Your review of "${listing.title}" was edited by a moderator`);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'review.edit'), eq(auditLog.entityId, String(reviewId))));
    // The audit entry does not keep the personal information it was edited for.
    expect(JSON.stringify(entry?.details)).not.toContain('555-0100');
  });

  it('remove: the review leaves the list, the rating and the count in the same transaction; its author cannot post it again', async () => {
    const { listing } = await listingWithProvider();
    await writeReview(listing.id, 5);
    const { reviewer, reviewId } = await writeReview(listing.id, 1, 'Fake review from a competitor.');
    expect(await aggregates(listing.id)).toEqual({ rating: 3, reviewCount: 2 });
    const reporter = await createUser(app, db);
    await report(reporter, reviewId, { reason: 'conflict_of_interest' });

    const res = await decide(admin, reviewId, { decision: 'remove', note: 'Posted by a competitor.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().listing).toEqual({ rating: 5, reviewCount: 1 });
    expect(await aggregates(listing.id)).toEqual({ rating: 5, reviewCount: 1 });
    const shown = await app.inject({ url: `/api/services/${listing.id}/reviews` });
    expect(shown.json().map((review: { id: number }) => review.id)).not.toContain(reviewId);
    expect(shown.headers['x-total-count']).toBe('1');
    const provider = (await app.inject({ url: `/api/providers/${listing.providerId}` })).json();
    expect(provider).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await lastMailTo(reporter.email))?.subject).toContain(': removed');
    expect((await lastMailTo(reviewer.email))?.subject).toBe(`Your review of "${listing.title}" was removed`);
    expect(await db.$count(auditLog, and(eq(auditLog.action, 'review.remove'), eq(auditLog.entityId, String(reviewId))))).toBe(1);

    const again = await app.inject({ method: 'POST', url: `/api/services/${listing.id}/reviews`, headers: { cookie: reviewer.cookie }, payload: { rating: 1, comment: 'Again' } });
    expect(again.statusCode).toBe(403);
    expect(await aggregates(listing.id)).toEqual({ rating: 5, reviewCount: 1 });
  });

  it("keeps a deleted reporter's report open in the queue, and decides it without mailing anyone", async () => {
    const { listing } = await listingWithProvider();
    const { reviewId } = await writeReview(listing.id, 2, 'Reported, then the reporter left.');
    const leaving = await createUser(app, db);
    await report(leaving, reviewId, { reason: 'abusive' });
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/users/${leaving.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(204);
    const entry = (await queue()).json().find((item: { review: { id: number } }) => item.review.id === reviewId);
    expect(entry).toMatchObject({ review: { status: 'hidden' }, reportCount: 1, reports: [{ reason: 'abusive', role: 'member', reporter: null }] });
    const res = await decide(admin, reviewId, { decision: 'keep' });
    expect(res.statusCode).toBe(200);
    expect(res.json().reportsClosed).toBe(1);
    expect((await publicReviews(listing.id))[0].status).toBe('published');
  });

  it('answers 400 for an unknown decision and 404 for an unknown review, changing nothing', async () => {
    const { listing } = await listingWithProvider();
    const { reviewId } = await writeReview(listing.id, 2);
    await report(await createUser(app, db), reviewId, { reason: 'spam' });
    expect((await decide(admin, reviewId, { decision: 'ban' })).statusCode).toBe(400);
    expect((await decide(admin, 999_999, { decision: 'keep' })).statusCode).toBe(404);
    expect((await publicReviews(listing.id))[0].status).toBe('under_review');
  });
});

describe('a review an administrator kept', () => {
  it('stays up when reported again for the same or another hiding reason: the report waits in the queue, and counts toward the warning', async () => {
    const { provider, listing } = await listingWithProvider();
    const member = await createUser(app, db);
    const status = async () => (await app.inject({ url: `/api/services/${listing.id}/reviews/my-reports`, headers: { cookie: provider.cookie } })).json();
    const shown = async (reviewId: number) => (await publicReviews(listing.id)).find((review: { id: number }) => review.id === reviewId);
    const inQueue = async (reviewId: number) => (await queue()).json().find((item: { review: { id: number } }) => item.review.id === reviewId);

    const { reviewId: critic } = await writeReview(listing.id, 1, 'Slow, and Jo never answered.');
    const { reviewId: other } = await writeReview(listing.id, 2, 'Not worth the price.');
    for (const reviewId of [critic, other]) {
      expect((await report(provider, reviewId, { reason: 'personal_info' })).json().reviewStatus).toBe('hidden');
      expect((await decide(admin, reviewId, { decision: 'keep' })).statusCode).toBe(200);
    }
    expect((await shown(critic)).status).toBe('published');
    expect((await status()).warned).toBe(false);

    // The same hiding reason again: the review stays up, marked, and waits for a moderator.
    const again = await report(provider, critic, { reason: 'personal_info' });
    expect(again.statusCode).toBe(201);
    expect(again.json().reviewStatus).toBe('under_review');
    expect(await shown(critic)).toMatchObject({ status: 'under_review', comment: 'Slow, and Jo never answered.', user: expect.objectContaining({ firstName: 'Rita' }) });
    expect((await inQueue(critic)).reports).toMatchObject([{ reason: 'personal_info', role: 'provider' }]);
    // Reporting a review a moderator already kept is the third rejected report in a row on a low rating.
    expect((await status()).warned).toBe(true);
    expect((await inQueue(critic)).reports[0].reporter.warned).toBe(true);

    // Another hiding reason, from someone else: still up.
    expect((await report(member, critic, { reason: 'abusive' })).json().reviewStatus).toBe('under_review');
    expect((await shown(critic)).status).toBe('under_review');
    expect((await db.select({ moderation: reviews.moderation }).from(reviews).where(eq(reviews.id, critic)))[0]!.moderation).toBe('under_review');

    // Kept again: the provider hears of the warning when it is decided.
    expect((await decide(admin, critic, { decision: 'keep' })).statusCode).toBe(200);
    expect((await lastMailTo(provider.email))?.text).toContain('Your last 3 reports on reviews of your listings were all on reviews of 1 or 2 stars');
    expect((await status()).warned).toBe(true);
  });

  it('can be hidden again once its author has rewritten it: the decision was about the old words', async () => {
    const { listing } = await listingWithProvider();
    const { reviewer, reviewId } = await writeReview(listing.id, 2, 'Fine work.');
    const member = await createUser(app, db);
    await report(member, reviewId, { reason: 'abusive' });
    expect((await decide(admin, reviewId, { decision: 'keep' })).statusCode).toBe(200);
    const rewritten = await app.inject({ method: 'POST', url: `/api/services/${listing.id}/reviews`, headers: { cookie: reviewer.cookie }, payload: { rating: 2, comment: 'Call Jo at home on 555-0199.' } });
    expect(rewritten.statusCode).toBe(200);
    expect((await report(member, reviewId, { reason: 'personal_info' })).json().reviewStatus).toBe('hidden');
  });
});

describe('the warning rule for providers', () => {
  it(`warns a provider whose last 3 decided reports were all rejected and all on 1-2 star reviews, and shows it where they report`, async () => {
    const { provider, listing } = await listingWithProvider();
    const status = async () => (await app.inject({ url: `/api/services/${listing.id}/reviews/my-reports`, headers: { cookie: provider.cookie } })).json();
    for (const [index, rating] of [1, 2, 1].entries()) {
      const { reviewId } = await writeReview(listing.id, rating);
      expect((await report(provider, reviewId, { reason: 'not_genuine' })).statusCode).toBe(201);
      expect((await decide(admin, reviewId, { decision: 'keep' })).statusCode).toBe(200);
      expect((await status()).warned).toBe(index === 2);
    }
    // The third rejection told them by mail, and the queue shows moderators the warning.
    expect((await lastMailTo(provider.email))?.text).toContain('Your last 3 reports on reviews of your listings were all on reviews of 1 or 2 stars');
    const { reviewId: next } = await writeReview(listing.id, 2);
    await report(provider, next, { reason: 'spam' });
    const entry = (await queue()).json().find((item: { review: { id: number } }) => item.review.id === next);
    expect(entry.reports[0]).toMatchObject({ role: 'provider', reporter: { id: provider.id, warned: true } });

    // A justified report lifts it.
    expect((await decide(admin, next, { decision: 'remove' })).statusCode).toBe(200);
    expect((await status()).warned).toBe(false);
  });

  it('does not warn for rejected reports on better ratings, or for members', async () => {
    const { provider, listing } = await listingWithProvider();
    const member = await createUser(app, db);
    for (const rating of [1, 4, 2]) {
      const { reviewId } = await writeReview(listing.id, rating);
      await report(provider, reviewId, { reason: 'not_genuine' });
      await report(member, reviewId, { reason: 'spam' });
      expect((await decide(admin, reviewId, { decision: 'keep' })).statusCode).toBe(200);
    }
    const status = (await app.inject({ url: `/api/services/${listing.id}/reviews/my-reports`, headers: { cookie: provider.cookie } })).json();
    expect(status.warned).toBe(false);
  });
});
