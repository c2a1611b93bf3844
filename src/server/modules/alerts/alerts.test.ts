import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { savedSearches } from '../../../db/schema/alerts';
import { listings } from '../../../db/schema/listings';
import { outbox } from '../../../db/schema/messages';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import { favorites } from '../../../db/schema/reviews';
import { createCategory, createListing, createPartnerProgramme, createUser, type TestUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { createMailer } from '../mail/mailer';
import { runAlertsTurn } from './alert-jobs';
import { DIGEST_MATCHES, sendDueDigests, sendFavouriteAlerts } from './alerts.service';

const { app, db, config } = await createTestApp();
const mailer = createMailer(db, config, app.log);
const deps = { db, config, mailer };

const category = await createCategory(db, { type: 'tools', name: 'Email marketing', slug: 'email-marketing' });
const provider = await createUser(app, db, { isProvider: true });

const mailsTo = (email: string) => db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id);

async function saveSearch(member: TestUser, body: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url: '/api/saved-searches', headers: { cookie: member.cookie }, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}

/** Makes a saved search due now, as if its period had passed. */
const makeDue = (id: number) => db.update(savedSearches).set({ nextDigestAt: sql`now() - interval '1 second'` }).where(eq(savedSearches.id, id));

const marginSearch = { name: 'Email tools at 30%', frequency: 'daily', type: 'tools', address: '/tools?minMargin=30', filters: { minMargin: '30' } };

describe('saved searches', () => {
  it('answer 401 to a visitor on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/saved-searches'],
      ['POST', '/api/saved-searches'],
      ['PATCH', '/api/saved-searches/1'],
      ['DELETE', '/api/saved-searches/1'],
      ['GET', '/api/alerts/favourites'],
      ['GET', '/api/alerts/settings'],
      ['PUT', '/api/alerts/settings'],
    ] as const) {
      expect((await app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('are listed, renamed, re-timed and deleted by their member only', async () => {
    const owner = await createUser(app, db);
    const other = await createUser(app, db);
    const { id } = await saveSearch(owner, marginSearch);
    const list = (member: TestUser) => app.inject({ method: 'GET', url: '/api/saved-searches', headers: { cookie: member.cookie } }).then((r) => r.json<{ id: number; name: string; frequency: string }[]>());
    expect((await list(owner)).map((s) => s.name)).toEqual(['Email tools at 30%']);
    expect(await list(other)).toEqual([]);

    // Another member's saved search is as missing as one that never was.
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await app.inject({ method, url: `/api/saved-searches/${id}`, headers: { cookie: other.cookie }, payload: method === 'PATCH' ? { name: 'Mine now' } : undefined });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Saved search not found' });
    }
    const renamed = await app.inject({ method: 'PATCH', url: `/api/saved-searches/${id}`, headers: { cookie: owner.cookie }, payload: { name: 'Resale at 30%', frequency: 'weekly' } });
    expect(renamed.json()).toMatchObject({ name: 'Resale at 30%', frequency: 'weekly', mailing: true });
    expect((await app.inject({ method: 'PATCH', url: `/api/saved-searches/${id}`, headers: { cookie: owner.cookie }, payload: { name: ' ' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'DELETE', url: `/api/saved-searches/${id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    expect(await list(owner)).toEqual([]);
  });

  it('refuse an address of another site or page, and filters the catalogue does not take', async () => {
    const member = await createUser(app, db);
    const post = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/saved-searches', headers: { cookie: member.cookie }, payload: { ...marginSearch, ...body } });
    expect((await post({ address: 'https://evil.example/tools' })).statusCode).toBe(400);
    expect((await post({ address: '/admin' })).statusCode).toBe(400);
    const badMargin = await post({ filters: { minMargin: '300' } });
    expect(badMargin.statusCode).toBe(400);
    expect(badMargin.json().message).toBe('minMargin must be between 0 and 100');
    expect((await post({ filters: { status: 'pending' } })).statusCode).toBe(400);
    expect((await post({ frequency: 'hourly' })).statusCode).toBe(400);
  });
});

describe('the digest', () => {
  it('lists the new live listings the saved filters match, partner terms included, and nothing when nothing is new', async () => {
    const member = await createUser(app, db, { email: 'digest-reader@example.test' });
    const old = await createListing(db, { type: 'tools', title: 'Old Mailer', providerId: provider.id, categoryId: category.id, price: '100' });
    await createPartnerProgramme(db, old.id);
    const { id } = await saveSearch(member, marginSearch);

    await makeDue(id);
    expect(await sendDueDigests(deps)).toBe(0);
    expect(await mailsTo(member.email)).toHaveLength(0);

    // New since: one at a 40% margin (matches), one without a programme (does not), one pending.
    const match = await createListing(db, { type: 'tools', title: 'Fresh Mailer', providerId: provider.id, categoryId: category.id, price: '100' });
    await createPartnerProgramme(db, match.id);
    await createListing(db, { type: 'tools', title: 'No Programme Mailer', providerId: provider.id, categoryId: category.id, price: '100' });
    const pending = await createListing(db, { type: 'tools', title: 'Later Mailer', providerId: provider.id, categoryId: category.id, price: '100', status: 'pending' });
    await createPartnerProgramme(db, pending.id);
    // Not due yet: nothing goes.
    expect(await sendDueDigests(deps)).toBe(0);

    await makeDue(id);
    expect(await sendDueDigests(deps)).toBe(1);
    const [mail] = await mailsTo(member.email);
    expect(mail!.subject).toBe(`1 new match for “Email tools at 30%” on ${config.siteName}`);
    expect(mail!.text).toContain('Fresh Mailer');
    expect(mail!.text).not.toContain('Old Mailer');
    expect(mail!.text).not.toContain('No Programme Mailer');
    expect(mail!.html).toContain('<a href="http');
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers!['List-Unsubscribe']).toMatch(/^<http.*\/api\/alerts\/unsubscribe\?list=search-\d+&user=.+&sig=.+>$/);

    // Nothing new since that digest: nothing sent.
    await makeDue(id);
    expect(await sendDueDigests(deps)).toBe(0);
    // The pending one goes live: it is new now.
    await db.update(listings).set({ status: 'approved' }).where(eq(listings.id, pending.id));
    await makeDue(id);
    expect(await sendDueDigests(deps)).toBe(1);
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Later Mailer');
    expect(mails[1]!.text).not.toContain('Fresh Mailer');
  });

  it('lists at most a page of matches and links to the rest', async () => {
    const member = await createUser(app, db);
    const searchCategory = await createCategory(db, { type: 'tools', slug: 'many-new-tools' });
    const { id } = await saveSearch(member, {
      name: 'Many',
      frequency: 'weekly',
      type: 'tools',
      address: `/category/many-new-tools?type=tools`,
      filters: { categoryId: String(searchCategory.id) },
    });
    await db.insert(listings).values(
      Array.from({ length: DIGEST_MATCHES + 6 }, (_, i) => ({ type: 'tools' as const, slug: `many-${i}`, title: `Many ${i}`, description: 'New', status: 'approved' as const, providerId: provider.id, categoryId: searchCategory.id })),
    );
    await makeDue(id);
    expect(await sendDueDigests(deps)).toBe(1);
    const [mail] = await mailsTo(member.email);
    expect(mail!.subject).toContain(`${DIGEST_MATCHES + 6} new matches for “Many”`);
    expect(mail!.text.match(/^- Many \d+/gm)).toHaveLength(DIGEST_MATCHES);
    expect(mail!.text).toContain(`And 6 more: ${config.siteUrl}/category/many-new-tools?type=tools`);
    expect(mail!.html).toContain('See 6 more on');
  });

  it('is sent once when two servers run the same turn side by side', async () => {
    const member = await createUser(app, db);
    const { id } = await saveSearch(member, { ...marginSearch, name: 'Twice?' });
    const fresh = await createListing(db, { type: 'tools', title: 'Raced Mailer', providerId: provider.id, categoryId: category.id, price: '100' });
    await createPartnerProgramme(db, fresh.id);
    await makeDue(id);
    const other = { ...deps, mailer: createMailer(db, config, app.log) };
    const [a, b] = await Promise.all([sendDueDigests(deps), sendDueDigests(other)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(member.email)).toHaveLength(1);
    // The turn itself is claimed: a second server's turn while one holds it does nothing.
    const [first, second] = await Promise.all([runAlertsTurn(deps), runAlertsTurn(other)]);
    expect([first, second].filter((turn) => turn === undefined).length).toBeGreaterThanOrEqual(1);
  });
});

describe('the unsubscribe link', () => {
  it('stops the saved search without signing in, by GET or by a mail client’s one-click POST, and refuses a tampered link', async () => {
    const member = await createUser(app, db);
    const { id } = await saveSearch(member, { ...marginSearch, name: 'Unsubscribe me' });
    const fresh = await createListing(db, { type: 'tools', title: 'Unsub Mailer', providerId: provider.id, categoryId: category.id, price: '100' });
    await createPartnerProgramme(db, fresh.id);
    await makeDue(id);
    await sendDueDigests(deps);
    const [mail] = await mailsTo(member.email);
    const link = new URL(mail!.headers!['List-Unsubscribe']!.slice(1, -1));
    expect(mail!.text).toContain(link.href);

    const mailing = async () => (await db.select({ mailing: savedSearches.mailing }).from(savedSearches).where(eq(savedSearches.id, id)))[0]!.mailing;
    const tampered = new URL(link);
    tampered.searchParams.set('list', `search-${id + 1}`);
    const refused = await app.inject({ method: 'GET', url: `${tampered.pathname}${tampered.search}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'This unsubscribe link is not valid' });
    const badSig = new URL(link);
    badSig.searchParams.set('sig', `${link.searchParams.get('sig')!.slice(0, -2)}xx`);
    expect((await app.inject({ method: 'POST', url: `${badSig.pathname}${badSig.search}` })).statusCode).toBe(400);
    expect(await mailing()).toBe(true);

    // RFC 8058: the mail client posts List-Unsubscribe=One-Click, without cookies.
    const oneClick = await app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You will no longer receive e-mails for this saved search.');
    expect(await mailing()).toBe(false);
    // Nothing is mailed for it any more, even with something new.
    await createListing(db, { type: 'tools', title: 'After Unsub', providerId: provider.id, categoryId: category.id });
    await makeDue(id);
    await sendDueDigests(deps);
    expect(await mailsTo(member.email)).toHaveLength(1);
    // Choosing a frequency again on the dashboard turns it back on.
    const back = await app.inject({ method: 'PATCH', url: `/api/saved-searches/${id}`, headers: { cookie: member.cookie }, payload: { frequency: 'daily' } });
    expect(back.json()).toMatchObject({ mailing: true });
    // The GET of the link unsubscribes as well.
    expect((await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
    expect(await mailing()).toBe(false);
  });
});

describe("favourites' changes", () => {
  it('are on the dashboard at once and mailed once, as the member chose', async () => {
    const instant = await createUser(app, db);
    const daily = await createUser(app, db);
    const off = await createUser(app, db);
    const listing = await createListing(db, { type: 'tools', title: 'Followed Tool', providerId: provider.id, categoryId: category.id, price: '100' });
    await createPartnerProgramme(db, listing.id);
    for (const member of [instant, daily, off]) await db.insert(favorites).values({ userId: member.id, listingId: listing.id });
    for (const [member, favouriteMail] of [[daily, 'digest'], [off, 'off']] as const) {
      const put = await app.inject({ method: 'PUT', url: '/api/alerts/settings', headers: { cookie: member.cookie }, payload: { favouriteMail } });
      expect(put.json()).toEqual({ favouriteMail });
    }

    // The provider's terms change: commitment 0 -> 12 months.
    await db.update(partnerProgrammes).set({ commitmentMonths: 12 }).where(eq(partnerProgrammes.listingId, listing.id));
    const alerts = await app.inject({ method: 'GET', url: '/api/alerts/favourites', headers: { cookie: off.cookie } });
    expect(alerts.json()).toEqual([expect.objectContaining({ kind: 'terms', title: 'Followed Tool', summary: 'The partner terms of Followed Tool changed.', changes: ['Commitment: none → 12 months'] })]);

    const other = { ...deps, mailer: createMailer(db, config, app.log) };
    await Promise.all([sendFavouriteAlerts(deps, 'instant'), sendFavouriteAlerts(other, 'instant')]);
    const [mail] = await mailsTo(instant.email);
    expect(await mailsTo(instant.email)).toHaveLength(1);
    expect(mail!.text).toContain('Commitment: none → 12 months');
    expect(mail!.headers!['List-Unsubscribe']).toContain('list=favourites');
    expect(await mailsTo(daily.email)).toHaveLength(0);
    expect(await mailsTo(off.email)).toHaveLength(0);
    expect(await sendFavouriteAlerts(deps, 'instant')).toBe(0);

    // The price changes and the listing is taken down: the daily digest carries both changes (and the terms').
    await db.update(listings).set({ price: '120' }).where(eq(listings.id, listing.id));
    await db.delete(listings).where(eq(listings.id, listing.id));
    expect(await sendFavouriteAlerts(deps, 'digest')).toBe(1);
    const [digest] = await mailsTo(daily.email);
    expect(digest!.subject).toContain('3 changes to your favourites');
    expect(digest!.text).toContain('Price: $100 → $120');
    expect(digest!.text).toContain('Followed Tool is no longer listed.');
    // A day has not passed: no second digest.
    expect(await sendFavouriteAlerts(deps, 'digest')).toBe(0);
    expect(await mailsTo(off.email)).toHaveLength(0);
    const after = await app.inject({ method: 'GET', url: '/api/alerts/favourites', headers: { cookie: off.cookie } });
    expect(after.json<{ kind: string }[]>().map((a) => a.kind)).toEqual(['taken_down', 'price', 'terms']);
  });

  it('stop being mailed from the signed link in the mail', async () => {
    const member = await createUser(app, db);
    const listing = await createListing(db, { type: 'tools', title: 'Removed Programme Tool', providerId: provider.id, categoryId: category.id, price: '100' });
    await createPartnerProgramme(db, listing.id);
    await db.insert(favorites).values({ userId: member.id, listingId: listing.id });
    await db.delete(partnerProgrammes).where(eq(partnerProgrammes.listingId, listing.id));
    await sendFavouriteAlerts(deps, 'instant');
    const [mail] = await mailsTo(member.email);
    expect(mail!.text).toContain('Removed Programme Tool no longer has a partner programme.');
    const link = new URL(mail!.headers!['List-Unsubscribe']!.slice(1, -1));
    expect((await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
    const settings = await app.inject({ method: 'GET', url: '/api/alerts/settings', headers: { cookie: member.cookie } });
    expect(settings.json()).toEqual({ favouriteMail: 'off' });
  });
});
