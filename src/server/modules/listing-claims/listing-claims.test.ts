import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { listingClaims } from '../../../db/schema/listing-claims';
import { listings } from '../../../db/schema/listings';
import { outbox } from '../../../db/schema/messages';
import { reviews } from '../../../db/schema/reviews';
import { users, userTokens } from '../../../db/schema/users';
import { hashToken } from '../../lib/tokens';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { ALREADY_CLAIMED, CLAIM_QUEUED, INVALID_CLAIM_LINK } from './listing-claims.service';
import { CLAIMS_PER_HOUR } from './listing-claims.routes';

const { app, db, config } = await createTestApp();
const category = await createCategory(db, { type: 'services' });
const admin = await createUser(app, db, { isAdmin: true });

let companies = 0;
async function unclaimedListing(overrides: Partial<typeof listings.$inferInsert> = {}) {
  companies += 1;
  return createListing(db, { providerId: null, categoryId: category.id, unclaimedCompany: `Acme ${companies}`, unclaimedWebsite: `https://www.acme${companies}.example`, ...overrides });
}

const post = (url: string, cookie: string | undefined, payload: object) => app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const askLink = (id: number, cookie: string | undefined, email: unknown) => post(`/api/listings/${id}/claims/email`, cookie, { email });
const askEvidence = (id: number, cookie: string | undefined, evidence: unknown) => post(`/api/listings/${id}/claims/evidence`, cookie, { evidence });
const confirm = (token: unknown, cookie: string | undefined) => post('/api/listing-claims/confirm', cookie, { token });

async function lastMailTo(to: string) {
  const [mail] = await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return mail;
}
function tokenIn(text: string) {
  const match = /\/claim-listing\?token=(\S+)/.exec(text);
  if (!match) throw new Error(`no claim link in: ${text}`);
  return decodeURIComponent(match[1]!);
}
const listingRow = async (id: number) => (await db.select().from(listings).where(eq(listings.id, id)))[0]!;

describe('an unclaimed listing in the catalogue', () => {
  it('shows the company it is for, with no provider, and the domain a claim link can go to', async () => {
    const listing = await unclaimedListing();
    const res = await app.inject({ url: `/api/services/${listing.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: null, unclaimedCompany: listing.unclaimedCompany, claimDomain: `acme${companies}.example` });
    const list = await app.inject({ url: `/api/services?search=${encodeURIComponent(listing.title)}` });
    expect(list.json().find((card: { id: number }) => card.id === listing.id)).toMatchObject({ provider: null, unclaimedCompany: listing.unclaimedCompany });
  });

  it('refuses a message to its company (nobody would receive it)', async () => {
    const member = await createUser(app, db);
    const listing = await unclaimedListing();
    const res = await post(`/api/services/${listing.id}/contact`, member.cookie, { name: 'A', email: 'a@example.test', message: 'Hello' });
    expect(res.statusCode).toBe(404);
  });

  it('is created by an administrator for a company in place of a provider, in the audit log', async () => {
    const res = await post('/api/services', admin.cookie, {
      title: 'Unclaimed audit service',
      description: 'Audits for agencies',
      categoryId: category.id,
      priceType: 'fixed',
      deliveryTime: 5,
      unclaimedCompany: 'Northwind Audits',
      unclaimedWebsite: 'northwind-audits.example',
    });
    expect(res.statusCode).toBe(201);
    const row = await listingRow(res.json().id);
    expect(row).toMatchObject({ providerId: null, unclaimedCompany: 'Northwind Audits', unclaimedWebsite: 'https://northwind-audits.example', status: 'approved' });
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'listing.create'), eq(auditLog.entityId, String(row.id))));
    expect(entry!.details).toMatchObject({ providerId: null, unclaimedCompany: 'Northwind Audits' });
  });

  it('only administrators may create one, and not with a provider as well', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const body = { title: 'X', description: 'Y', categoryId: category.id, priceType: 'fixed', deliveryTime: 5, unclaimedCompany: 'Someone' };
    expect((await post('/api/services', provider.cookie, body)).statusCode).toBe(403);
    const both = await post('/api/services', admin.cookie, { ...body, providerId: provider.id });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Choose a provider or an unclaimed company, not both');
    const blank = await post('/api/services', admin.cookie, { ...body, unclaimedCompany: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Company name is required');
  });
});

describe('claiming by a one-time link', () => {
  it('e-mails a link to an address at the domain; opened by the claimant it moves the listing and its reviews, in the audit log', async () => {
    const listing = await unclaimedListing();
    const reviewer = await createUser(app, db);
    await db.insert(reviews).values({ listingId: listing.id, userId: reviewer.id, rating: 4, comment: 'Good' });
    const member = await createUser(app, db);
    const address = `ceo@mail.acme${companies}.example`;

    const asked = await askLink(listing.id, member.cookie, address.toUpperCase());
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(`We have sent a link to ${address}. Open it within 24 hours, signed in as you are now, to claim the listing.`);
    const mail = await lastMailTo(address);
    expect(mail!.subject).toBe(`Claim "${listing.title}" on ${config.siteName}`);
    const token = tokenIn(mail!.text);
    expect(mail!.text).toContain(`${config.siteUrl}/claim-listing?token=`);
    const [stored] = await db.select().from(userTokens).where(eq(userTokens.tokenHash, hashToken(token)));
    expect(stored).toMatchObject({ userId: member.id, purpose: 'listing-claim' });

    const done = await confirm(token, member.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ listing: { id: listing.id, type: 'services', slug: listing.slug } });
    expect(await listingRow(listing.id)).toMatchObject({ providerId: member.id, unclaimedCompany: null, unclaimedWebsite: null });
    const [user] = await db.select().from(users).where(eq(users.id, member.id));
    expect(user).toMatchObject({ isProvider: true, companyName: listing.unclaimedCompany, website: listing.unclaimedWebsite });
    expect(await db.select().from(reviews).where(eq(reviews.listingId, listing.id))).toHaveLength(1);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'listing.claim'), eq(auditLog.entityId, String(listing.id))));
    expect(entry).toMatchObject({ actorId: member.id });
    expect(entry!.details).toMatchObject({ method: 'email', providerId: member.id, reviews: 0 });

    // The listing shows its provider now, and the link works once.
    expect((await app.inject({ url: `/api/services/${listing.id}` })).json()).toMatchObject({ provider: { id: member.id }, unclaimedCompany: null, claimDomain: null });
    const again = await confirm(token, member.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID_CLAIM_LINK);
  });

  it('refuses free-mail addresses and addresses at other domains, with a message on the field', async () => {
    const listing = await unclaimedListing();
    const member = await createUser(app, db);
    const free = await askLink(listing.id, member.cookie, 'someone@gmail.com');
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe('Please use your company address: free e-mail addresses cannot prove who owns a company.');
    const other = await askLink(listing.id, member.cookie, `someone@notacme${companies}.example`);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(`The address must be at acme${companies}.example, the domain of the company's website.`);
    const malformed = await askLink(listing.id, member.cookie, 'not-an-address');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Please enter a valid email');
  });

  it('has no e-mail path without a website, or with one on a free-mail domain', async () => {
    const member = await createUser(app, db);
    for (const unclaimedWebsite of [null, 'https://sites.google.com/acme']) {
      const listing = await unclaimedListing({ unclaimedWebsite });
      const res = await askLink(listing.id, member.cookie, 'boss@acme.example');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This listing has no company website to send a link to. Please send a claim with evidence instead.');
      expect((await app.inject({ url: `/api/services/${listing.id}` })).json().claimDomain).toBeNull();
    }
  });

  it('works only for the member who asked, only once, and not after it expired', async () => {
    const listing = await unclaimedListing();
    const member = await createUser(app, db);
    const stranger = await createUser(app, db);
    await askLink(listing.id, member.cookie, `a@acme${companies}.example`);
    const token = tokenIn((await lastMailTo(`a@acme${companies}.example`))!.text);
    const wrong = await confirm(token, stranger.cookie);
    expect(wrong.statusCode).toBe(403);
    await db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userTokens.tokenHash, hashToken(token)));
    expect((await confirm(token, member.cookie)).statusCode).toBe(400);
    expect((await confirm('made-up', member.cookie)).statusCode).toBe(400);
    const empty = await confirm('', member.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('This link is incomplete. Please use the link from your email.');
    expect((await listingRow(listing.id)).providerId).toBeNull();
  });
});

describe('claiming with evidence, decided in the claims queue', () => {
  it('queues the claim; approval moves the listing, refuses the other claims and e-mails each claimant', async () => {
    const listing = await unclaimedListing();
    const member = await createUser(app, db, { companyName: 'Own Co' });
    const rival = await createUser(app, db);
    const queued = await askEvidence(listing.id, member.cookie, 'I am the founder; see the About page, which names me.');
    expect(queued.statusCode).toBe(201);
    expect(queued.json()).toMatchObject({ message: CLAIM_QUEUED, claim: { status: 'pending', method: 'evidence' } });
    expect((await askEvidence(listing.id, rival.cookie, 'I run marketing there and can send a contract.')).statusCode).toBe(201);
    const twice = await askEvidence(listing.id, member.cookie, 'Asking a second time, just in case.');
    expect(twice.statusCode).toBe(409);

    const queue = await app.inject({ url: '/api/admin/listing-claims', headers: { cookie: admin.cookie } });
    expect(queue.statusCode).toBe(200);
    const mine = queue.json().find((claim: { id: number }) => claim.id === queued.json().claim.id);
    expect(mine).toMatchObject({ listing: { id: listing.id, unclaimedCompany: listing.unclaimedCompany }, claimant: { id: member.id, email: member.email } });

    const approved = await post(`/api/admin/listing-claims/${mine.id}/approve`, admin.cookie, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await listingRow(listing.id)).providerId).toBe(member.id);
    const [user] = await db.select().from(users).where(eq(users.id, member.id));
    expect(user).toMatchObject({ isProvider: true, companyName: 'Own Co' });
    expect((await lastMailTo(member.email))!.subject).toBe(`Your claim of "${listing.title}" was approved`);
    expect((await lastMailTo(rival.email))!.text).toContain('Another account has claimed this listing.');
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'listing.claim'), eq(auditLog.entityId, String(listing.id))));
    expect(entry).toMatchObject({ actorId: admin.id });
    expect(entry!.details).toMatchObject({ method: 'evidence', refusedClaims: 1 });

    // Decided once; a claim of a listing that has a provider is a 409.
    expect((await post(`/api/admin/listing-claims/${mine.id}/approve`, admin.cookie, {})).statusCode).toBe(409);
    const late = await askEvidence(listing.id, rival.cookie, 'Trying once more after it was claimed.');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ALREADY_CLAIMED);
    expect((await askLink(listing.id, rival.cookie, `x@acme${companies}.example`)).statusCode).toBe(409);
  });

  it('rejection needs a reason, which the claimant is e-mailed; the listing stays unclaimed', async () => {
    const listing = await unclaimedListing();
    const member = await createUser(app, db);
    const { claim } = (await askEvidence(listing.id, member.cookie, 'I am the owner, honestly, trust me.')).json();
    const blank = await post(`/api/admin/listing-claims/${claim.id}/reject`, admin.cookie, { reason: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please give a reason');
    const rejected = await post(`/api/admin/listing-claims/${claim.id}/reject`, admin.cookie, { reason: 'Nothing links you to the company.' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Nothing links you to the company.' });
    const mail = await lastMailTo(member.email);
    expect(mail!.subject).toBe(`Your claim of "${listing.title}" was not approved`);
    expect(mail!.text).toContain('Reason: Nothing links you to the company.');
    expect((await listingRow(listing.id)).providerId).toBeNull();
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'listing-claim.reject'), eq(auditLog.entityId, String(claim.id))));
    expect(entry).toMatchObject({ actorId: admin.id });
  });

  it('refuses short evidence and unknown or decided claims', async () => {
    const listing = await unclaimedListing();
    const member = await createUser(app, db);
    const short = await askEvidence(listing.id, member.cookie, 'me');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Please tell us how you are connected to the company (at least 20 characters)');
    expect((await post('/api/admin/listing-claims/999999/approve', admin.cookie, {})).statusCode).toBe(404);
    expect((await post('/api/admin/listing-claims/abc/approve', admin.cookie, {})).statusCode).toBe(400);
    expect((await askEvidence(999999, member.cookie, 'A claim of a listing that is not there.')).statusCode).toBe(404);
  });
});

describe('permissions and limits', () => {
  it('visitors get 401 on every claim route; members may claim; only administrators decide (403 otherwise)', async () => {
    const listing = await unclaimedListing();
    const member = await createUser(app, db);
    expect((await askLink(listing.id, undefined, `a@acme${companies}.example`)).statusCode).toBe(401);
    expect((await askEvidence(listing.id, undefined, 'A visitor without an account.')).statusCode).toBe(401);
    expect((await confirm('token', undefined)).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/listing-claims' })).statusCode).toBe(401);
    const { claim } = (await askEvidence(listing.id, member.cookie, 'I am the managing director there.')).json();
    expect((await app.inject({ url: '/api/admin/listing-claims', headers: { cookie: member.cookie } })).statusCode).toBe(403);
    expect((await post(`/api/admin/listing-claims/${claim.id}/approve`, member.cookie, {})).statusCode).toBe(403);
    expect((await post(`/api/admin/listing-claims/${claim.id}/reject`, member.cookie, { reason: 'no' })).statusCode).toBe(403);
    expect((await post(`/api/admin/listing-claims/${claim.id}/approve`, undefined, {})).statusCode).toBe(401);
    const [row] = await db.select().from(listingClaims).where(eq(listingClaims.id, claim.id));
    expect(row!.status).toBe('pending');
  });

  it('limits the claims one member may send in an hour', async () => {
    const member = await createUser(app, db);
    const statuses: number[] = [];
    for (let i = 0; i <= CLAIMS_PER_HOUR; i += 1) {
      const listing = await unclaimedListing();
      statuses.push((await askEvidence(listing.id, member.cookie, `Claim number ${i} of a busy member.`)).statusCode);
    }
    expect(statuses.slice(0, CLAIMS_PER_HOUR).every((status) => status === 201)).toBe(true);
    expect(statuses[CLAIMS_PER_HOUR]).toBe(429);
  });
});
