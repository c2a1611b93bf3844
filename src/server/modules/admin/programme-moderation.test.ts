import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createPartnerProgramme, createUser, samplePartnerTerms } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { auditLog } from '../../../db/schema/audit';
import { outbox } from '../../../db/schema/messages';
import type { Listing } from '../../../shared/types';

// A provider's change to the partner programme of a live listing waits for the listing's own
// moderation: the pending list shows it beside any proposed edit (or alone), and the listing's
// Approve / Reject decides both in one transaction, with the audit entries and one mail.
const { app, db } = await createTestApp({ siteUrl: 'https://dir.example.org' });
const admin = await createUser(app, db, { isAdmin: true });
const category = await createCategory(db, { type: 'services' });

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
const lastMailTo = async (to: string) => (await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];
const auditOf = (listingId: number) =>
  db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(listingId)), inArray(auditLog.action, ['listing.approve', 'listing.reject', 'partner_programme.approve', 'partner_programme.reject'])))
    .orderBy(auditLog.id);
const programmeOf = async (id: number, cookie: string) => (await app.inject({ url: `/api/services/${id}/partner-programme`, headers: { cookie } })).json();
const queued = async (id: number): Promise<Listing | undefined> => (await asAdmin('GET', '/api/admin/services/pending?limit=200')).json().find((l: Listing) => l.id === id);

/** A live listing with a programme (wholesale 60), and its provider's proposal of wholesale 55; with `edit`, a proposed edit of the listing too. */
async function liveWithProposal(title: string, edit: boolean) {
  const provider = await createUser(app, db, { isProvider: true, companyName: 'Pia Partners' });
  const listing = await createListing(db, { providerId: provider.id, categoryId: category.id, title, price: '120.00', priceType: 'monthly', deliveryTime: 4 });
  await createPartnerProgramme(db, listing.id);
  const proposal = await app.inject({ method: 'PUT', url: `/api/services/${listing.id}/partner-programme`, headers: { cookie: provider.cookie }, payload: { ...samplePartnerTerms, wholesalePrice: '55', trialDays: 30 } });
  expect(proposal.statusCode, proposal.body).toBe(200);
  if (edit) {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/services/${listing.id}`,
      headers: { cookie: provider.cookie },
      payload: { type: 'services', title: `${title} v2`, description: 'New words', categoryId: category.id, price: '120', priceType: 'monthly', deliveryTime: 4, tags: [], features: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { provider, listing };
}

describe('the pending list', () => {
  it('shows a proposed programme change beside a proposed edit, old and new terms', async () => {
    const { listing } = await liveWithProposal('Both Waiting', true);
    const item = await queued(listing.id);
    expect(item).toMatchObject({ title: 'Both Waiting', pendingChanges: { title: 'Both Waiting v2' } });
    expect(item?.programmeProposal).toMatchObject({ current: { wholesalePrice: '60.00', trialDays: 0 }, proposed: { wholesalePrice: '55.00', trialDays: 30 } });
  });

  it('lists a live listing whose only news is a programme change, and counts it as waiting', async () => {
    const before = (await asAdmin('GET', '/api/admin/overview')).json();
    const { listing } = await liveWithProposal('Programme Only', false);
    const item = await queued(listing.id);
    expect(item).toMatchObject({ status: 'approved', pendingChanges: null, programmeProposal: { proposed: { wholesalePrice: '55.00' } } });
    const after = (await asAdmin('GET', '/api/admin/overview')).json();
    expect(after.services.pending).toBe(before.services.pending + 1);
  });
});

describe("the listing's Approve", () => {
  it('applies the edit and the programme change together, audits both and mails the provider once', async () => {
    const { provider, listing } = await liveWithProposal('Approve Both', true);
    const mailsBefore = (await db.select().from(outbox).where(eq(outbox.to, provider.email))).length;
    const res = await asAdmin('POST', `/api/admin/services/${listing.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Approve Both v2', hasPendingChanges: false });

    const programme = await programmeOf(listing.id, provider.cookie);
    expect(programme.programme).toMatchObject({ wholesalePrice: '55.00', trialDays: 30, verifiedAt: null });
    expect(programme.proposal).toBeNull();
    expect((await asAdmin('GET', `/api/admin/services/${listing.id}/partner-programme/changes`)).json()[0]).toMatchObject({ oldTerms: { wholesalePrice: '60.00' }, newTerms: { wholesalePrice: '55.00' } });
    expect((await auditOf(listing.id)).map((entry) => entry.action)).toEqual(['listing.approve', 'partner_programme.approve']);

    const mails = await db.select().from(outbox).where(eq(outbox.to, provider.email));
    expect(mails.length).toBe(mailsBefore + 1);
    const mail = await lastMailTo(provider.email);
    expect(mail?.subject).toBe('Changes to "Approve Both v2" approved');
    expect(mail?.text).toContain('Your changes to your service "Approve Both v2" and to its partner programme are approved and live');
    expect(await queued(listing.id)).toBeUndefined();
    // The public listing page's programme now has the new terms.
    expect((await app.inject({ url: `/api/services/${listing.id}/partner-programme` })).json().programme).toMatchObject({ wholesalePrice: '55.00', trialDays: 30 });
  });

  it('decides a programme-only change: applied, audited as a programme decision, mailed as one', async () => {
    const { provider, listing } = await liveWithProposal('Approve Programme', false);
    const res = await asAdmin('POST', `/api/admin/services/${listing.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await programmeOf(listing.id, provider.cookie)).programme).toMatchObject({ wholesalePrice: '55.00' });
    expect((await auditOf(listing.id)).map((entry) => entry.action)).toEqual(['partner_programme.approve']);
    const mail = await lastMailTo(provider.email);
    expect(mail?.subject).toBe('Partner programme changes to "Approve Programme" approved');
    expect(mail?.text).toContain('Your changes to the partner programme of your service "Approve Programme" are approved and live on');
    expect(mail?.text).toContain(`https://dir.example.org/service/${listing.slug}`);
    // Nothing waits any more: the listing's own rule answers.
    expect((await asAdmin('POST', `/api/admin/services/${listing.id}/approve`)).statusCode).toBe(409);
  });
});

describe("the listing's Reject", () => {
  it('discards the edit and the programme change together, keeps the live terms, gives the provider the reason', async () => {
    const { provider, listing } = await liveWithProposal('Reject Both', true);
    const res = await asAdmin('POST', `/api/admin/services/${listing.id}/reject`, { reason: 'Prices look wrong' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Reject Both', hasPendingChanges: false, rejectionReason: 'Prices look wrong' });
    const programme = await programmeOf(listing.id, provider.cookie);
    expect(programme.programme).toMatchObject({ wholesalePrice: '60.00', trialDays: 0 });
    expect(programme.proposal).toMatchObject({ rejectionReason: 'Prices look wrong', terms: { wholesalePrice: '55.00' } });
    expect(await auditOf(listing.id)).toEqual([
      { action: 'listing.reject', details: { title: 'Reject Both', reason: 'Prices look wrong' } },
      { action: 'partner_programme.reject', details: { title: 'Reject Both', reason: 'Prices look wrong' } },
    ]);
    const mail = await lastMailTo(provider.email);
    expect(mail?.subject).toBe('Changes to "Reject Both" not approved');
    expect(mail?.text).toContain('Your changes to your service "Reject Both" and to its partner programme were not approved.');
    expect(mail?.text).toContain('Reason: Prices look wrong');
    expect(await queued(listing.id)).toBeUndefined();
  });

  it("turns down a programme-only change with the listing's Reject, without a reason", async () => {
    const { provider, listing } = await liveWithProposal('Reject Programme', false);
    const res = await asAdmin('POST', `/api/admin/services/${listing.id}/reject`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', rejectionReason: null });
    expect((await programmeOf(listing.id, provider.cookie)).proposal).toMatchObject({ rejectionReason: 'Not approved' });
    expect((await auditOf(listing.id)).map((entry) => entry.action)).toEqual(['partner_programme.reject']);
    expect((await lastMailTo(provider.email))?.subject).toBe('Partner programme changes to "Reject Programme" not approved');
  });
});

describe("the programme's own routes", () => {
  it('decide the programme change alone, and mail the provider the same way', async () => {
    const { provider, listing } = await liveWithProposal('Programme Route', true);
    const res = await asAdmin('POST', `/api/admin/services/${listing.id}/partner-programme/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().programme).toMatchObject({ wholesalePrice: '55.00' });
    expect((await lastMailTo(provider.email))?.subject).toBe('Partner programme changes to "Programme Route" approved');
    // The listing edit still waits for its own decision.
    expect(await queued(listing.id)).toMatchObject({ pendingChanges: { title: 'Programme Route v2' }, programmeProposal: null });
    expect((await asAdmin('POST', `/api/admin/services/${listing.id}/partner-programme/approve`)).statusCode).toBe(409);
  });
});

describe('the administrators’ programme list', () => {
  it('names the provider and says when the live terms last changed', async () => {
    const { listing } = await liveWithProposal('Listed Change', false);
    const row = async () =>
      (await asAdmin('GET', '/api/admin/partner-programmes?filter=unverified&limit=200')).json().find((r: { listingId: number }) => r.listingId === listing.id);
    expect(await row()).toMatchObject({ title: 'Listed Change', provider: { name: 'Pia Partners' }, termsChangedAt: null, proposedAt: expect.any(String), verifiedAt: null });
    await asAdmin('POST', `/api/admin/services/${listing.id}/approve`);
    const changed = await row();
    expect(changed).toMatchObject({ proposedAt: null, termsChangedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(Math.abs(Date.parse(changed.termsChangedAt) - Date.now())).toBeLessThan(60_000);
  });
});
