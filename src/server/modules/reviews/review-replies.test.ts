import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../../db/schema/messages';
import { reviewReplies, reviews } from '../../../db/schema/reviews';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser, type TestUser } from '../../../../test/factories';

const { app, db } = await createTestApp();

const category = await createCategory(db, { type: 'services' });

async function reviewedListing() {
  const provider = await createUser(app, db, { isProvider: true, companyName: 'Acme Studio' });
  const listing = await createListing(db, { providerId: provider.id, categoryId: category.id, title: 'SEO audits' });
  const reviewer = await createUser(app, db, { firstName: 'Rita', lastName: 'Reviewer' });
  const posted = await app.inject({ method: 'POST', url: `/api/services/${listing.id}/reviews`, headers: { cookie: reviewer.cookie }, payload: { rating: 2, comment: 'Slow to answer.' } });
  expect(posted.statusCode).toBe(201);
  return { provider, listing, reviewer, reviewId: posted.json().id as number };
}

const putReply = (user: TestUser | undefined, reviewId: number | string, payload: unknown) =>
  app.inject({ method: 'PUT', url: `/api/reviews/${reviewId}/reply`, headers: user ? { cookie: user.cookie } : {}, payload: payload as object });
const deleteReply = (user: TestUser | undefined, reviewId: number) =>
  app.inject({ method: 'DELETE', url: `/api/reviews/${reviewId}/reply`, headers: user ? { cookie: user.cookie } : {} });
const publicReviews = async (listingId: number) => (await app.inject({ url: `/api/services/${listingId}/reviews` })).json();

describe('a provider replies to a review of their listing', () => {
  it('posts one public reply under the review, without a rating, and e-mails the reviewer', async () => {
    const { provider, listing, reviewer, reviewId } = await reviewedListing();
    const res = await putReply(provider, reviewId, { body: '  Sorry about that: we have hired a second account manager.  ', rating: 5 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ body: 'Sorry about that: we have hired a second account manager.', editedAt: null });
    expect(res.json()).not.toHaveProperty('rating');

    const [shown] = await publicReviews(listing.id);
    expect(shown).toMatchObject({ id: reviewId, rating: 2, status: 'published', reply: { body: 'Sorry about that: we have hired a second account manager.', editedAt: null } });

    const [mail] = await db.select().from(outbox).where(eq(outbox.to, reviewer.email)).orderBy(desc(outbox.id)).limit(1);
    expect(mail?.subject).toBe('Acme Studio replied to your review of "SEO audits"');
    expect(mail?.text).toContain('Sorry about that: we have hired a second account manager.');
    expect(mail?.text).toContain(`/service/${listing.slug}`);
  });

  it('edits the reply in place, marked edited, without mailing the reviewer again', async () => {
    const { provider, listing, reviewer, reviewId } = await reviewedListing();
    expect((await putReply(provider, reviewId, { body: 'First answer.' })).statusCode).toBe(201);
    const mailsBefore = await db.$count(outbox, eq(outbox.to, reviewer.email));
    const edited = await putReply(provider, reviewId, { body: 'Better answer.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().editedAt).toEqual(expect.any(String));
    expect(await db.$count(reviewReplies, eq(reviewReplies.reviewId, reviewId))).toBe(1);
    expect((await publicReviews(listing.id))[0].reply).toMatchObject({ body: 'Better answer.', editedAt: expect.any(String) });
    expect(await db.$count(outbox, eq(outbox.to, reviewer.email))).toBe(mailsBefore);
  });

  it('deletes the reply (204), then answers 404 for a reply that is not there', async () => {
    const { provider, listing, reviewId } = await reviewedListing();
    await putReply(provider, reviewId, { body: 'Thanks!' });
    expect((await deleteReply(provider, reviewId)).statusCode).toBe(204);
    expect((await publicReviews(listing.id))[0].reply).toBeNull();
    const again = await deleteReply(provider, reviewId);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Reply not found');
  });

  it('applies the review rules to the text: required, trimmed, at most 5000 characters, kept as plain text', async () => {
    const { provider, listing, reviewId } = await reviewedListing();
    for (const payload of [{}, { body: '   ' }, { body: null }]) {
      const res = await putReply(provider, reviewId, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please write a reply.');
    }
    expect((await putReply(provider, reviewId, { body: 'x'.repeat(5001) })).statusCode).toBe(400);
    const markup = '<script>alert(1)</script><b>thanks</b>';
    expect((await putReply(provider, reviewId, { body: markup })).statusCode).toBe(201);
    // Stored and answered as the text it is: the page renders it as text, like a review's comment.
    expect((await publicReviews(listing.id))[0].reply.body).toBe(markup);
  });
});

describe('who may reply', () => {
  it('answers 401 when signed out, before reading the input', async () => {
    const { reviewId } = await reviewedListing();
    expect((await putReply(undefined, reviewId, {})).statusCode).toBe(401);
    expect((await deleteReply(undefined, reviewId)).statusCode).toBe(401);
  });

  it("refuses anyone but the listing's provider with 403, administrators and the reviewer included", async () => {
    const { reviewer, reviewId, provider } = await reviewedListing();
    const otherProvider = await createUser(app, db, { isProvider: true });
    const admin = await createUser(app, db, { isAdmin: true });
    for (const user of [reviewer, otherProvider, admin]) {
      const res = await putReply(user, reviewId, { body: 'Not mine to answer.' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Only this listing's provider can reply to its reviews.");
    }
    await putReply(provider, reviewId, { body: 'Mine.' });
    expect((await deleteReply(otherProvider, reviewId)).statusCode).toBe(403);
    expect(await db.$count(reviewReplies, eq(reviewReplies.reviewId, reviewId))).toBe(1);
  });

  it('answers 404 for unknown reviews and reviews a moderator removed, 400 for bad ids', async () => {
    const { provider, reviewId } = await reviewedListing();
    expect((await putReply(provider, 999_999, { body: 'x' })).statusCode).toBe(404);
    await db.update(reviews).set({ moderation: 'removed' }).where(eq(reviews.id, reviewId));
    expect((await putReply(provider, reviewId, { body: 'x' })).statusCode).toBe(404);
    for (const id of ['abc', '0', '1.5', '99999999999']) expect((await putReply(provider, id, { body: 'x' })).statusCode).toBe(400);
  });
});
