import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createPartnerProgramme, createUser, samplePartnerTerms } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import type { PartnerProgrammeInput } from '../../../shared/schemas/partner-programme';
import { referralTerms } from '../../../../test/partner-terms';

const { app, db } = await createTestApp();

const admin = await createUser(app, db, { isAdmin: true });
const member = await createUser(app, db);
const provider = await createUser(app, db, { isProvider: true });
const otherProvider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'services' });

const live = (overrides: Parameters<typeof createListing>[1] extends infer O ? Partial<O> : never = {}) =>
  createListing(db, { providerId: provider.id, categoryId: category.id, price: '120.00', priceType: 'monthly', deliveryTime: 5, ...overrides });

const url = (id: number, type = 'services') => `/api/${type}/${id}/partner-programme`;
const get = (id: number, cookie?: string) => app.inject({ url: url(id), headers: cookie ? { cookie } : {} });
const put = (id: number, payload: object, cookie?: string) => app.inject({ method: 'PUT', url: url(id), payload, headers: cookie ? { cookie } : {} });
const adminPost = (id: number, action: string, payload?: object) =>
  app.inject({ method: 'POST', url: `/api/admin/services/${id}/partner-programme/${action}`, payload, headers: { cookie: admin.cookie } });
const terms = (overrides: Partial<PartnerProgrammeInput> = {}) => ({ ...samplePartnerTerms, ...overrides });

describe('validation (the one schema of form, route and import)', () => {
  const cases: [string, Partial<PartnerProgrammeInput> | Record<string, unknown>, string, string][] = [
    ['no type', { types: [] }, 'types', 'Choose at least one programme type'],
    ['an unknown type', { types: ['franchise'] }, 'types.0', 'Choose the programme types from the list'],
    ['resale without wholesale', { wholesalePrice: '' }, 'wholesalePrice', 'Wholesale price is required for resale unless the terms are on request'],
    ['retail below wholesale', { suggestedRetailPrice: '50' }, 'suggestedRetailPrice', 'Suggested retail price must be at least the wholesale price'],
    ['minimum below wholesale', { minRetailPrice: '55' }, 'minRetailPrice', 'Minimum retail price must be at least the wholesale price'],
    ['minimum above retail', { minRetailPrice: '101' }, 'minRetailPrice', 'Minimum retail price must be at most the suggested retail price'],
    ['a price with three decimals', { wholesalePrice: '60.123' }, 'wholesalePrice', 'Wholesale price must be a number with at most two decimals'],
    ['percent over 100', { types: ['referral'], commissionType: 'percent', commissionValue: '101', commissionMonths: 12 }, 'commissionValue', 'Commission percent must be 0-100'],
    ['referral without commission', { types: ['referral'], commissionType: 'percent', commissionMonths: 12 }, 'commissionValue', 'Commission is required for referral and affiliate programmes'],
    ['referral without months', { types: ['referral'], commissionType: 'flat', commissionValue: '50' }, 'commissionMonths', 'Say for how many months commission is paid (0-120 or lifetime)'],
    ['months over 120', { types: ['referral'], commissionType: 'flat', commissionValue: '50', commissionMonths: 121 }, 'commissionMonths', 'Commission months must be 0-120 or lifetime'],
    ['affiliate without cookie window', { types: ['affiliate'], commissionType: 'percent', commissionValue: '20', commissionMonths: 'lifetime' }, 'cookieDays', 'Cookie window is required for affiliate programmes'],
    ['a trial over 90 days', { trialDays: 91 }, 'trialDays', 'Trial must be 0-90 days'],
    ['a commitment over 60 months', { commitmentMonths: 61 }, 'commitmentMonths', 'Minimum commitment must be 0-60 months'],
    ['an http apply URL', { applyUrl: 'http://partners.example.test' }, 'applyUrl', 'Apply URL must be an https:// address'],
    ['an http terms URL', { termsUrl: 'http://partners.example.test/terms' }, 'termsUrl', 'Terms URL must be an https:// address'],
    ['a bad territory', { territories: 'USA' }, 'territories', 'Territories must be country codes such as US, GB or worldwide'],
    ['no visibility', { visibility: 'secret' }, 'visibility', 'Choose who sees the numbers'],
    ['no billing model', { billingModel: undefined }, 'billingModel', 'Choose who bills whom'],
  ];

  it.each(cases)('refuses %s with a message on the field', async (_name, overrides, field, message) => {
    const listing = await live({ status: 'pending' });
    const res = await put(listing.id, terms(overrides as Partial<PartnerProgrammeInput>), provider.cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  // Terms that contradict themselves, each refused on the field to change (the schema's superRefine).
  const referral = { ...referralTerms, whiteLabel: [], supportModel: 'provider_supports_agency' } as Partial<PartnerProgrammeInput>;
  const contradictions: [string, Partial<PartnerProgrammeInput>, string, string][] = [
    ['month-to-month billed annually', { billingPeriod: 'annual', commitmentMonths: 0 }, 'commitmentMonths', 'Billed annually, the commitment is whole years: 12, 24, 36, 48 or 60 months (or choose monthly billing)'],
    ['18 months billed annually', { billingPeriod: 'annual', commitmentMonths: 18 }, 'commitmentMonths', 'Billed annually, the commitment is whole years: 12, 24, 36, 48 or 60 months (or choose monthly billing)'],
    ['a 24-month commitment billed one-off', { billingPeriod: 'one_time', commitmentMonths: 24 }, 'commitmentMonths', 'A one-off payment has no minimum commitment: set 0, or choose monthly or annual billing'],
    ['a one-off payment that renews', { billingPeriod: 'one_time', autoRenew: true }, 'autoRenew', 'A one-off payment cannot renew automatically: untick it, or choose monthly or annual billing'],
    ['an early-cancellation fee without a commitment', { commitmentMonths: 0, earlyCancellation: 'fee' }, 'earlyCancellation', 'Without a minimum commitment there is nothing to cancel early: choose "allowed", or set a commitment'],
    ['a $500 wholesale price on a referral-only programme', { ...referral, wholesalePrice: '500' }, 'wholesalePrice', 'Wholesale price applies to resale only: choose white-label or branded resale, or leave it empty'],
    ['a minimum retail price on a referral-only programme', { ...referral, minRetailPrice: '80' }, 'minRetailPrice', 'Minimum retail price applies to resale only: choose white-label or branded resale, or leave it empty'],
    ['a setup fee on a referral-only programme', { ...referral, setupFeeWholesale: '50' }, 'setupFeeWholesale', 'Wholesale setup fee applies to resale only: choose white-label or branded resale, or leave it empty'],
    ['white-label features on a referral-only programme', { ...referral, whiteLabel: ['own_logo'] }, 'whiteLabel', 'White-label features apply to resale only: choose white-label or branded resale, or clear them'],
    ['a commission on a resale-only programme', { commissionType: 'percent', commissionValue: '20' }, 'commissionValue', 'Commission applies to referral and affiliate programmes only: choose one of them, or leave it empty'],
    ['a payout frequency on a resale-only programme', { payoutFrequency: 'monthly' }, 'payoutFrequency', 'Payout frequency applies to referral and affiliate programmes only: choose one of them, or leave it empty'],
    ['a cookie window on a resale-only programme', { cookieDays: 30 }, 'cookieDays', 'Cookie window applies to referral and affiliate programmes only: choose one of them, or leave it empty'],
    ['vendor branding removed in branded resale', { types: ['branded_resale'], whiteLabel: ['vendor_branding_removed'] }, 'whiteLabel', "Branded resale keeps the provider's branding: choose white-label resale, or untick 'vendor branding removed'"],
    ['support under the agency\'s brand without white label', { ...referral, supportModel: 'provider_supports_client_white_label' }, 'supportModel', 'Support under your brand needs a white-label resale programme'],
    ['the provider billing the client in resale', { billingModel: 'provider_bills_client' }, 'billingModel', 'In resale the agency buys from the provider: choose "The provider bills you"'],
    ['the provider billing the agency in a referral programme', { ...referral, billingModel: 'provider_bills_agency' }, 'billingModel', 'In a referral or affiliate programme the provider bills the client: choose "The provider bills the client"'],
    ['a suggested setup fee below the wholesale one', { setupFeeWholesale: '200', setupFeeSuggested: '100' }, 'setupFeeSuggested', 'Suggested setup fee must be at least the wholesale setup fee'],
  ];

  it.each(contradictions)('refuses %s: 400 with the message on the field', async (_name, overrides, field, message) => {
    const listing = await live({ status: 'pending' });
    const res = await put(listing.id, terms(overrides), provider.cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it("refuses a programme billed annually beside a listing billed monthly, on the billing period; a one-off listing takes one-off billing only", async () => {
    const monthly = await live({ status: 'pending' });
    const res = await put(monthly.id, terms({ billingPeriod: 'annual', commitmentMonths: 12 }), provider.cookie);
    expect(res.statusCode, res.body).toBe(400);
    const message = "The listing is billed monthly, so the programme is billed monthly: change the billing period or the listing's price type";
    expect(res.json()).toEqual({ message, errors: { billingPeriod: message } });
    const oneOff = await live({ status: 'pending', priceType: 'fixed' });
    expect((await put(oneOff.id, terms({ billingPeriod: 'monthly' }), provider.cookie)).json().errors.billingPeriod).toBe(
      "The listing has a one-off price, so the programme is billed one-off: change the billing period or the listing's price type",
    );
    expect((await put(oneOff.id, terms({ billingPeriod: 'one_time' }), provider.cookie)).statusCode).toBe(200);
    // Administrators are held to it too: the terms would tell agencies two stories.
    const asAdmin = await app.inject({ method: 'PUT', url: url(monthly.id), payload: terms({ billingPeriod: 'annual', commitmentMonths: 12 }), headers: { cookie: admin.cookie } });
    expect(asAdmin.statusCode).toBe(400);
  });

  it("refuses an edit of the listing's price type that its programme contradicts, live or proposed, on the price type", async () => {
    const listing = await live({ status: 'pending', priceType: 'fixed' });
    expect((await put(listing.id, terms({ billingPeriod: 'one_time' }), provider.cookie)).statusCode).toBe(200);
    const edit = (priceType: string, cookie = provider.cookie) =>
      app.inject({
        method: 'PATCH',
        url: `/api/services/${listing.id}`,
        headers: { cookie },
        payload: { title: listing.title, shortDescription: listing.shortDescription, description: listing.description, categoryId: category.id, price: '120', priceType, deliveryTime: 5, tags: [], features: [] },
      });
    const message = "The listing is billed monthly, so the programme is billed monthly: change the billing period or the listing's price type";
    const refused = await edit('monthly');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({ message, errors: { priceType: message } });
    expect((await edit('monthly', admin.cookie)).statusCode).toBe(400);
    // Hourly work may be billed one-off: that edit agrees with the terms and applies.
    expect((await edit('hourly')).statusCode).toBe(200);

    // On a live listing the owner's proposed terms count too: hourly work billed one-off, with
    // monthly billing proposed; a one-off price agrees with the live terms but not with the
    // proposal, and the two would go live together as a contradiction.
    const approved = await live({ status: 'approved', priceType: 'hourly' });
    expect((await put(approved.id, terms({ billingPeriod: 'one_time' }), admin.cookie)).statusCode).toBe(200);
    const proposed = await put(approved.id, terms({ billingPeriod: 'monthly' }), provider.cookie);
    expect(proposed.statusCode, proposed.body).toBe(200);
    const oneOff = await app.inject({
      method: 'PATCH',
      url: `/api/services/${approved.id}`,
      headers: { cookie: provider.cookie },
      payload: { title: approved.title, shortDescription: approved.shortDescription, description: approved.description, categoryId: category.id, price: '120', priceType: 'fixed', deliveryTime: 5, tags: [], features: [] },
    });
    expect(oneOff.statusCode, oneOff.body).toBe(400);
    expect(oneOff.json().errors.priceType).toBe("The listing has a one-off price, so the programme is billed one-off: change the billing period or the listing's price type");
  });

  it('accepts consistent terms: 12 months billed annually on an hourly listing is refused, on a listing without a price type accepted', async () => {
    const hourly = await live({ status: 'pending', priceType: 'hourly' });
    expect((await put(hourly.id, terms({ billingPeriod: 'annual', commitmentMonths: 12, autoRenew: true, earlyCancellation: 'fee' }), provider.cookie)).statusCode).toBe(400);
    const unpriced = await live({ status: 'pending', priceType: null });
    const res = await put(unpriced.id, terms({ billingPeriod: 'annual', commitmentMonths: 24, autoRenew: true, earlyCancellation: 'fee' }), provider.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().programme).toMatchObject({ billingPeriod: 'annual', commitmentMonths: 24, autoRenew: true, earlyCancellation: 'fee' });
  });

  it('accepts resale without numbers when the terms are on request, and lifetime commission', async () => {
    const listing = await live({ status: 'pending' });
    const onRequest = await put(listing.id, terms({ visibility: 'on_request', wholesalePrice: '', suggestedRetailPrice: '' }), provider.cookie);
    expect(onRequest.statusCode, onRequest.body).toBe(200);
    const affiliate = terms({ types: ['affiliate'], billingModel: 'provider_bills_client', whiteLabel: [], wholesalePrice: '', suggestedRetailPrice: '', commissionType: 'percent', commissionValue: '30', commissionMonths: 'lifetime', cookieDays: 60 });
    const res = await put(listing.id, affiliate, provider.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().programme).toMatchObject({ commissionMonths: 'lifetime', cookieDays: 60, commissionValue: '30.00' });
  });
});

describe('visibility, enforced in every answer', () => {
  const programmeFor = async (visibility: 'public' | 'members' | 'on_request') => {
    const listing = await live();
    await createPartnerProgramme(db, listing.id, { visibility });
    return listing;
  };
  const numbers = (body: { programme: Record<string, unknown> }) => [body.programme.wholesalePrice, body.programme.suggestedRetailPrice, (body.programme.figures as { margin: unknown }).margin];

  it('public terms: everyone gets the numbers', async () => {
    const listing = await programmeFor('public');
    for (const cookie of [undefined, member.cookie]) {
      const body = (await get(listing.id, cookie)).json();
      expect(body.programme.numbersHidden).toBe(false);
      expect(numbers(body)).toEqual(['60.00', '100.00', 40]);
    }
  });

  it('members only: a visitor never receives them, a signed-in member does', async () => {
    const listing = await programmeFor('members');
    const visitor = await get(listing.id);
    expect(visitor.json().programme).toMatchObject({ numbersHidden: true, visibility: 'members', types: ['white_label_resale'] });
    expect(numbers(visitor.json())).toEqual([null, null, null]);
    expect(visitor.body).not.toContain('60.00');
    expect(numbers((await get(listing.id, member.cookie)).json())).toEqual(['60.00', '100.00', 40]);
  });

  it('on request: hidden from visitors and members, shown to the owner and administrators', async () => {
    const listing = await programmeFor('on_request');
    for (const cookie of [undefined, member.cookie, otherProvider.cookie]) {
      const res = await get(listing.id, cookie);
      expect(res.json().programme.numbersHidden).toBe(true);
      expect(res.body).not.toContain('60.00');
      expect(res.json().proposal).toBeUndefined();
    }
    for (const cookie of [provider.cookie, admin.cookie]) {
      const body = (await get(listing.id, cookie)).json();
      expect(numbers(body)).toEqual(['60.00', '100.00', 40]);
      expect(body.proposal).toBeNull();
    }
  });

  it('a listing that is not live answers 404 to everyone but its owner and administrators', async () => {
    const listing = await live({ status: 'pending' });
    await createPartnerProgramme(db, listing.id);
    expect((await get(listing.id)).statusCode).toBe(404);
    expect((await get(listing.id, member.cookie)).statusCode).toBe(404);
    expect((await get(listing.id, provider.cookie)).statusCode).toBe(200);
  });

  it('a listing without a programme answers programme: null', async () => {
    const listing = await live();
    expect((await get(listing.id)).json()).toEqual({ programme: null });
  });
});

describe('derived figures (hand-computed)', () => {
  it('resale 60 -> 100 with setup 120 -> 300: margin 40 %, markup 66.7 %, 40 + 180 / 12 = 55 per client per month', async () => {
    const listing = await live();
    await createPartnerProgramme(db, listing.id, { setupFeeWholesale: '120', setupFeeSuggested: '300' });
    const { programme } = (await get(listing.id)).json();
    expect(programme.figures).toEqual({ retailPrice: 100, margin: 40, markup: 66.7, earningsPerClientMonth: 55, earningsModel: 'resale' });
    expect(programme.whiteLabelLevel).toBe('full');
  });

  it("suggested retail defaults to the listing's price: 120 - 60 = 60 a month, 50 % margin, 100 % markup", async () => {
    const listing = await live();
    await createPartnerProgramme(db, listing.id, { suggestedRetailPrice: '', whiteLabel: ['own_logo'] });
    const { programme } = (await get(listing.id)).json();
    expect(programme.figures).toMatchObject({ retailPrice: 120, margin: 50, markup: 100, earningsPerClientMonth: 60 });
    expect(programme.whiteLabelLevel).toBe('partial');
  });

  it('referral 20 % of 120 a month for 6 months: 20 % x 120 x 6 / 12 = 12 per client per month', async () => {
    const listing = await live();
    await createPartnerProgramme(db, listing.id, {
      types: ['referral'],
      wholesalePrice: '',
      suggestedRetailPrice: '',
      billingModel: 'provider_bills_client',
      whiteLabel: [],
      commissionType: 'percent',
      commissionValue: '20',
      commissionMonths: 6,
    });
    const { programme } = (await get(listing.id)).json();
    expect(programme.figures).toMatchObject({ margin: null, markup: null, earningsPerClientMonth: 12, earningsModel: 'commission' });
  });
});

describe('changes: moderation of live programmes, the change log and verification', () => {
  it('applies the owner\'s change at once while the listing is not live, and logs it', async () => {
    const listing = await live({ status: 'pending' });
    const res = await put(listing.id, terms(), provider.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ programme: { wholesalePrice: '60.00' }, proposal: null });
  });

  it('keeps the live terms while an owner\'s change to a live programme waits; approval applies it, clears the verification and logs old and new', async () => {
    const listing = await live();
    await createPartnerProgramme(db, listing.id);
    expect((await adminPost(listing.id, 'verify', { verifiedAt: '2026-01-15', source: 'document' })).json().programme).toMatchObject({
      verificationSource: 'document',
      verifiedAt: '2026-01-15T12:00:00.000Z',
    });

    const change = await put(listing.id, terms({ wholesalePrice: '70' }), provider.cookie);
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().programme.wholesalePrice).toBe('60.00');
    expect(change.json().proposal.terms.wholesalePrice).toBe('70.00');
    expect((await get(listing.id)).json().programme).toMatchObject({ wholesalePrice: '60.00', verificationSource: 'document' });

    const listed = await app.inject({ url: '/api/admin/partner-programmes?filter=proposed&limit=200', headers: { cookie: admin.cookie } });
    expect(listed.json().map((row: { listingId: number }) => row.listingId)).toContain(listing.id);

    const approved = await adminPost(listing.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ programme: { wholesalePrice: '70.00', verifiedAt: null, verificationSource: null }, proposal: null });
    expect((await adminPost(listing.id, 'approve')).statusCode).toBe(409);

    const changes = await app.inject({ url: `/api/admin/services/${listing.id}/partner-programme/changes`, headers: { cookie: admin.cookie } });
    expect(changes.json()).toHaveLength(1);
    expect(changes.json()[0]).toMatchObject({ oldTerms: { wholesalePrice: '60.00' }, newTerms: { wholesalePrice: '70.00' } });

    // Members read when the terms changed; visitors do not.
    expect((await get(listing.id, member.cookie)).json().programme.termsChangedAt).toBe(changes.json()[0].changedAt);
    expect((await get(listing.id)).json().programme.termsChangedAt).toBeNull();
  });

  it('a rejected change leaves the live terms and tells the owner why; an unchanged submission withdraws a proposal', async () => {
    const listing = await live();
    await createPartnerProgramme(db, listing.id);
    await put(listing.id, terms({ trialDays: 30 }), provider.cookie);
    const rejected = await adminPost(listing.id, 'reject', { reason: 'The vendor portal says 14 days' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const owner = (await get(listing.id, provider.cookie)).json();
    expect(owner.programme.trialDays).toBe(0);
    expect(owner.proposal).toMatchObject({ terms: { trialDays: 30 }, rejectionReason: 'The vendor portal says 14 days' });
    expect((await adminPost(listing.id, 'reject')).statusCode).toBe(409);

    await put(listing.id, terms({ trialDays: 14 }), provider.cookie);
    expect((await get(listing.id, provider.cookie)).json().proposal).toMatchObject({ terms: { trialDays: 14 }, rejectionReason: null });
    await put(listing.id, terms(), provider.cookie);
    expect((await get(listing.id, provider.cookie)).json().proposal).toBeNull();
  });

  it("removing a live listing's programme is a proposal too; an administrator's change applies at once", async () => {
    const listing = await live();
    await createPartnerProgramme(db, listing.id);
    const removal = await app.inject({ method: 'DELETE', url: url(listing.id), headers: { cookie: provider.cookie } });
    expect(removal.json()).toMatchObject({ programme: { types: ['white_label_resale'] }, proposal: { terms: null } });
    await adminPost(listing.id, 'approve');
    expect((await get(listing.id)).json()).toEqual({ programme: null });

    const byAdmin = await put(listing.id, terms({ visibility: 'members' }), admin.cookie);
    expect(byAdmin.json()).toMatchObject({ programme: { visibility: 'members' }, proposal: null });
  });

  it('only the owner and administrators may write: 401 for visitors, 403 for others', async () => {
    const listing = await live();
    expect((await put(listing.id, terms())).statusCode).toBe(401);
    expect((await put(listing.id, terms(), otherProvider.cookie)).statusCode).toBe(403);
    expect((await put(listing.id, terms(), member.cookie)).statusCode).toBe(403);
    const rows = await db.select().from(partnerProgrammes).where(eq(partnerProgrammes.listingId, listing.id));
    expect(rows).toEqual([]);
  });

  it('verification: no future dates, a source from the list; stale after 180 days; the list filters unverified and stale', async () => {
    const fresh = await live();
    const stale = await live();
    const unverified = await live();
    for (const listing of [fresh, stale, unverified]) await createPartnerProgramme(db, listing.id);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    expect((await adminPost(fresh.id, 'verify', { verifiedAt: day(-2), source: 'call' })).json().errors.verifiedAt).toBe('Verified on cannot be in the future');
    // Year 0000 is a valid ISO date to a parser but no timestamp to PostgreSQL: refused as input, never a 500.
    expect((await adminPost(fresh.id, 'verify', { verifiedAt: '0000-01-01', source: 'call' })).json().errors.verifiedAt).toBe('Verified on must be in 2000 or later');
    expect((await adminPost(fresh.id, 'verify', { verifiedAt: day(1), source: 'email' })).json().errors.source).toBe('Source must be document, vendor portal or call');
    expect((await adminPost(fresh.id, 'verify', { verifiedAt: day(10), source: 'vendor_portal' })).json().programme.stale).toBe(false);
    expect((await adminPost(stale.id, 'verify', { verifiedAt: day(200), source: 'document' })).json().programme.stale).toBe(true);
    expect((await adminPost((await live()).id, 'verify', { verifiedAt: day(1), source: 'call' })).statusCode).toBe(404);

    const ids = async (filter: string) =>
      (await app.inject({ url: `/api/admin/partner-programmes?filter=${filter}&limit=200`, headers: { cookie: admin.cookie } })).json().map((row: { listingId: number }) => row.listingId);
    expect(await ids('stale')).toEqual(expect.arrayContaining([stale.id]));
    expect(await ids('stale')).not.toContain(fresh.id);
    expect(await ids('unverified')).toContain(unverified.id);
    expect(await ids('unverified')).not.toContain(fresh.id);
    expect(await ids('verified')).toContain(fresh.id);
    expect(await ids('verified')).not.toContain(stale.id);
  });
});
