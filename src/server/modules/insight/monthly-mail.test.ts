import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingDailyFigures } from '../../../db/schema/daily-figures';
import { outbox } from '../../../db/schema/messages';
import { reviewReplies, reviews } from '../../../db/schema/reviews';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createMailer } from '../mail/mailer';
import { reportMonths, sendMonthlyFigures, unsubscribeUrl } from './monthly-mail.service';

const { app, db, config } = await createTestApp();
const mailer = createMailer(db, config, app.log);
const deps = { db, config, mailer };

const now = new Date('2026-03-01T06:00:00Z');
const category = await createCategory(db);
const provider = await createUser(app, db, { isProvider: true, firstName: 'Pia' });
const listing = await createListing(db, { providerId: provider.id, categoryId: category.id });
await db.insert(listingDailyFigures).values([
  { listingId: listing.id, day: '2026-02-03', views: 40, uniqueVisitors: 20, leads: 2 },
  { listingId: listing.id, day: '2026-02-20', views: 10, uniqueVisitors: 5, leads: 1, websiteClicks: 4 },
  { listingId: listing.id, day: '2026-01-15', views: 25, uniqueVisitors: 10, leads: 1 },
]);
// Reviews of Pia's listings: two awaiting a reply (one published, one under review), and four that
// are not: answered, hidden for a moderator, removed, and on a listing that is no longer live.
const pending = await createListing(db, { providerId: provider.id, categoryId: category.id, status: 'pending' });
const reviewers = await Promise.all(Array.from({ length: 6 }, () => createUser(app, db)));
const review = (listingId: number, i: number, moderation: 'published' | 'under_review' | 'hidden' | 'removed') => ({
  listingId,
  userId: reviewers[i]!.id,
  rating: 4,
  comment: `Review ${i}`,
  moderation,
});
const written = await db
  .insert(reviews)
  .values([
    review(listing.id, 0, 'published'),
    review(listing.id, 1, 'under_review'),
    review(listing.id, 2, 'published'),
    review(listing.id, 3, 'hidden'),
    review(listing.id, 4, 'removed'),
    review(pending.id, 5, 'published'),
  ])
  .returning({ id: reviews.id });
await db.insert(reviewReplies).values({ reviewId: written[2]!.id, authorId: provider.id, body: 'Thank you' });
const quiet = await createUser(app, db, { isProvider: true });
await createListing(db, { providerId: quiet.id, categoryId: category.id });
// A provider without listings and a member get nothing.
const empty = await createUser(app, db, { isProvider: true });
const member = await createUser(app, db);

const mailsTo = (email: string) => db.select().from(outbox).where(eq(outbox.to, email));

describe('the monthly figures e-mail', () => {
  it('names last month and the month before', () => {
    expect(reportMonths(now)).toEqual({
      last: { month: '2026-02', from: '2026-02-01', to: '2026-02-28' },
      before: { month: '2026-01', from: '2026-01-01', to: '2026-01-31' },
    });
    expect(reportMonths(new Date('2026-01-10T00:00:00Z')).last.month).toBe('2025-12');
  });

  it('queues last month’s figures against the month before, once per provider and month', async () => {
    expect(await sendMonthlyFigures(deps, now)).toBe(2);
    // Another server (or the next turn) finds nothing due.
    expect(await sendMonthlyFigures(deps, now)).toBe(0);
    const [mail, ...more] = await mailsTo(provider.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Your ${config.siteName} figures for 2026-02`);
    expect(mail!.text).toContain('Hello Pia,');
    expect(mail!.text).toContain('Views: 50 (+100 %; 25 in 2026-01)');
    expect(mail!.text).toContain('Leads: 3 (+200 %; 1 in 2026-01)');
    expect(mail!.text).toContain('Website clicks: 4 (new; 0 in 2026-01)');
    expect(mail!.text).toContain('Lead rate: 12.0 % (10.0 % in 2026-01)');
    expect(mail!.text).toContain('New leads in 2026-02: 3. Unread leads now: 0.');
    expect(mail!.text).toContain('Reviews awaiting a reply: 2 (answer each on its listing’s page).');
    expect(mail!.text).toContain(unsubscribeUrl(config, provider.id));
    // RFC 8058: mail clients offer their own one-click unsubscribe from these headers.
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl(config, provider.id)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const [quietMail] = await mailsTo(quiet.email);
    expect(quietMail!.text).toContain('Reviews awaiting a reply: 0.');
    expect(await mailsTo(empty.email)).toHaveLength(0);
    expect(await mailsTo(member.email)).toHaveLength(0);
    // The next month, again.
    expect(await sendMonthlyFigures(deps, new Date('2026-04-01T00:10:00Z'))).toBe(2);
  });

  it('unsubscribes from the signed link without signing in, and refuses a forged one', async () => {
    const link = new URL(unsubscribeUrl(config, quiet.id));
    const forged = await app.inject({ url: `${link.pathname}?user=${encodeURIComponent(provider.id)}&sig=${link.searchParams.get('sig')}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'This unsubscribe link is not valid' });
    const res = await app.inject({ url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('no longer receive');
    // Mail clients' one-click unsubscribe posts to the same address, with RFC 8058's form body.
    const oneClick = await app.inject({ method: 'POST', url: `${link.pathname}${link.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect((await app.inject({ url: '/api/provider/monthly-email', headers: { cookie: quiet.cookie } })).json()).toEqual({ subscribed: false });
    expect(await sendMonthlyFigures(deps, new Date('2026-05-01T00:10:00Z'))).toBe(1);
    expect(await mailsTo(quiet.email)).toHaveLength(2);
  });

  it('is a setting of the provider’s own', async () => {
    const put = (subscribed: unknown, cookie?: string) =>
      app.inject({ method: 'PUT', url: '/api/provider/monthly-email', headers: cookie ? { cookie } : {}, payload: { subscribed } as object });
    expect((await put(false)).statusCode).toBe(401);
    expect((await put('no', provider.cookie)).statusCode).toBe(400);
    expect((await put(false, provider.cookie)).json()).toEqual({ subscribed: false });
    // Both providers have now turned it off.
    expect(await sendMonthlyFigures(deps, new Date('2026-06-01T00:10:00Z'))).toBe(0);
    expect((await put(true, provider.cookie)).json()).toEqual({ subscribed: true });
    expect(await sendMonthlyFigures(deps, new Date('2026-07-01T00:10:00Z'))).toBe(1);
  });
});
