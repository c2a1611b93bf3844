import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partnerProgrammeChanges, partnerProgrammes } from '../../../db/schema/partner-programmes';
import { listings } from '../../../db/schema/listings';
import { createCategory, createListing, createPartnerProgramme, createUser, samplePartnerTerms } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';

const { app, db } = await createTestApp();
const admin = await createUser(app, db, { isAdmin: true });
const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { slug: 'resale' });

const importCsv = (csv: string, dryRun = false) =>
  app.inject({ method: 'POST', url: `/api/admin/import/listings?dryRun=${dryRun}`, headers: { cookie: admin.cookie, 'content-type': 'text/csv' }, payload: csv });
const programmeOf = async (id: number) => (await app.inject({ url: `/api/services/${id}/partner-programme`, headers: { cookie: admin.cookie } })).json();
const idOf = async (slug: string) => (await db.select({ id: listings.id }).from(listings).where(eq(listings.slug, slug)))[0]?.id;
const countOf = async (table: typeof partnerProgrammes | typeof partnerProgrammeChanges | typeof listings) =>
  (await db.select({ n: count() }).from(table))[0]!.n;

/** A valid programme's cells: public white-label resale at 60, retail 100. */
const validCells: Record<string, string> = {
  programmeTypes: 'white_label_resale',
  programmeVisibility: 'public',
  programmeWholesalePrice: '60',
  programmeSuggestedRetailPrice: '100',
  programmeMinRetailPrice: '',
  programmeSetupFeeWholesale: '',
  programmeSetupFeeSuggested: '',
  programmeCommissionType: '',
  programmeCommissionValue: '',
  programmeCommissionMonths: '',
  programmeCookieDays: '',
  programmePayoutMinimum: '',
  programmePayoutFrequency: '',
  programmeBillingModel: 'provider_bills_agency',
  programmeBillingPeriod: 'monthly',
  programmeCommitmentMonths: '0',
  programmeAutoRenew: 'false',
  programmeEarlyCancellation: 'allowed',
  programmeTrialDays: '0',
  programmeDemoAccount: 'false',
  programmeInternalUseSeats: '0',
  programmeWhiteLabel: 'own_logo',
  programmeTerritories: 'worldwide',
  programmeSupportModel: 'provider_supports_agency',
  programmeApplyUrl: 'https://partners.example.test/apply',
  programmeJoinApproval: 'reviewed',
  programmeTermsUrl: '',
};
const listingColumns = ['type', 'slug', 'title', 'description', 'category', 'price', 'priceType', 'deliveryTime'];
const header = [...listingColumns, ...Object.keys(validCells)].join(',');
const row = (slug: string, programme: Record<string, string> | null, title = `Title ${slug}`) =>
  [
    'services',
    slug,
    title,
    'Description',
    'resale',
    '100',
    'monthly',
    '5',
    ...Object.keys(validCells).map((column) => (programme ? (programme[column] ?? validCells[column]!) : '')),
  ].join(',');

// A live listing with public terms, verified, and a provider's proposal waiting.
const live = await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'live-one', title: 'Title live-one', description: 'Description', price: '100.00', priceType: 'monthly', deliveryTime: 5 });
await createPartnerProgramme(db, live.id);
await app.inject({ method: 'POST', url: `/api/admin/services/${live.id}/partner-programme/verify`, headers: { cookie: admin.cookie }, payload: { verifiedAt: '2026-01-15', source: 'call' } });
const proposed = await app.inject({ method: 'PUT', url: `/api/services/${live.id}/partner-programme`, headers: { cookie: provider.cookie }, payload: { ...samplePartnerTerms, wholesalePrice: '70' } });
expect(proposed.statusCode, proposed.body).toBe(200);

describe('importing partner programmes', () => {
  it('creates listings with and without a programme, the blank cells taking the form defaults', async () => {
    const csv = [header, row('with-programme', { programmeTerritories: 'us|gb', programmeAutoRenew: 'yes', programmeWhiteLabel: 'custom_domain|own_logo', programmeEarlyCancellation: '', programmeJoinApproval: '', programmeTrialDays: '' }), row('without-programme', null)].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, updated: 0, unchanged: 0, errorCount: 0 });
    const { programme } = await programmeOf((await idOf('with-programme'))!);
    expect(programme).toMatchObject({
      types: ['white_label_resale'],
      wholesalePrice: '60.00',
      suggestedRetailPrice: '100.00',
      territories: ['GB', 'US'],
      autoRenew: true,
      whiteLabel: ['own_logo', 'custom_domain'],
      earlyCancellation: 'allowed',
      joinApproval: 'reviewed',
      trialDays: 0,
      termsUrl: null,
      verifiedAt: null,
    });
    expect((await programmeOf((await idOf('without-programme'))!)).programme).toBeNull();
  });

  it("changes a live listing's programme at once, as an administrator does: logged, unverified, the provider's proposal settled", async () => {
    expect((await programmeOf(live.id)).proposal).not.toBeNull();
    const changesBefore = await countOf(partnerProgrammeChanges);
    const res = await importCsv([header, row('live-one', { programmeWholesalePrice: '55', programmeTrialDays: '30' })].join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const after = await programmeOf(live.id);
    expect(after.programme).toMatchObject({ wholesalePrice: '55.00', trialDays: 30, verifiedAt: null, verificationSource: null });
    expect(after.proposal).toBeNull();
    expect(await countOf(partnerProgrammeChanges)).toBe(changesBefore + 1);
    const [change] = (await app.inject({ url: `/api/admin/services/${live.id}/partner-programme/changes`, headers: { cookie: admin.cookie } })).json();
    expect(change.oldTerms).toMatchObject({ wholesalePrice: '60.00', trialDays: 0 });
    expect(change.newTerms).toMatchObject({ wholesalePrice: '55.00', trialDays: 30 });
    const [audit] = (await app.inject({ url: '/api/admin/audit?limit=1', headers: { cookie: admin.cookie } })).json();
    expect(audit).toMatchObject({ action: 'listing.import', details: { updated: 1, programmesChanged: 1 } });

    // The same file again changes nothing.
    const again = await importCsv([header, row('live-one', { programmeWholesalePrice: '55', programmeTrialDays: '30' })].join('\n'));
    expect(again.json()).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it('keeps the programme when the file has no programme column, and moves its figures with a new listing price', async () => {
    const priced = await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'priced', price: '100.00', priceType: 'monthly', deliveryTime: 5 });
    // No suggested retail price: the margin is taken at the listing's own price.
    await createPartnerProgramme(db, priced.id, { suggestedRetailPrice: '' });
    const margin = async () => (await db.select({ m: partnerProgrammes.marginPercent }).from(partnerProgrammes).where(eq(partnerProgrammes.listingId, priced.id)))[0]?.m;
    expect(await margin()).toBeCloseTo(40);
    const res = await importCsv([listingColumns.join(','), `services,priced,Priced,Description,resale,150,monthly,5`].join('\n'));
    expect(res.json()).toMatchObject({ updated: 1, errorCount: 0 });
    expect((await programmeOf(priced.id)).programme).toMatchObject({ wholesalePrice: '60.00', suggestedRetailPrice: null });
    expect(await margin()).toBeCloseTo(60);
  });

  it('removes the programme of a row whose programme cells are all empty, and logs it', async () => {
    const res = await importCsv([header, row('live-one', null)].join('\n'));
    expect(res.json()).toMatchObject({ updated: 1, errorCount: 0 });
    expect((await programmeOf(live.id)).programme).toBeNull();
    const [change] = (await app.inject({ url: `/api/admin/services/${live.id}/partner-programme/changes`, headers: { cookie: admin.cookie } })).json();
    expect(change).toMatchObject({ newTerms: null });
    await createPartnerProgramme(db, live.id);
  });
});

describe('a listings file with wrong programme cells', () => {
  const referral = { programmeTypes: 'referral', programmeWholesalePrice: '', programmeBillingModel: 'provider_bills_client', programmeWhiteLabel: '', programmeCommissionType: 'percent', programmeCommissionValue: '20', programmeCommissionMonths: '12' };
  const cases: [Record<string, string>, string, string][] = [
    [{ programmeTypes: 'franchise' }, 'programmeTypes', 'Choose the programme types from the list'],
    [{ programmeTypes: '' }, 'programmeTypes', 'Choose at least one programme type'],
    [{ programmeVisibility: 'everyone' }, 'programmeVisibility', 'Choose who sees the numbers'],
    [{ programmeWholesalePrice: '60.123' }, 'programmeWholesalePrice', 'Wholesale price must be a number with at most two decimals'],
    [{ programmeWholesalePrice: '' }, 'programmeWholesalePrice', 'Wholesale price is required for resale unless the terms are on request'],
    [{ programmeSuggestedRetailPrice: '50' }, 'programmeSuggestedRetailPrice', 'Suggested retail price must be at least the wholesale price'],
    [{ programmeMinRetailPrice: 'abc' }, 'programmeMinRetailPrice', 'Minimum retail price must be a number with at most two decimals'],
    [{ programmeMinRetailPrice: '101' }, 'programmeMinRetailPrice', 'Minimum retail price must be at most the suggested retail price'],
    [{ programmeSetupFeeWholesale: '-5' }, 'programmeSetupFeeWholesale', 'Wholesale setup fee must be a number with at most two decimals'],
    [{ programmeSetupFeeSuggested: '99999999999' }, 'programmeSetupFeeSuggested', 'Suggested setup fee is too large'],
    [{ programmeCommissionType: 'share' }, 'programmeCommissionType', 'Commission type must be percent or flat'],
    [{ programmeCommissionValue: 'ten' }, 'programmeCommissionValue', 'Commission must be a number with at most two decimals'],
    [{ ...referral, programmeCommissionValue: '' }, 'programmeCommissionValue', 'Commission is required for referral and affiliate programmes'],
    [{ ...referral, programmeCommissionValue: '101' }, 'programmeCommissionValue', 'Commission percent must be 0-100'],
    [{ programmeCommissionMonths: '121' }, 'programmeCommissionMonths', 'Commission months must be 0-120 or lifetime'],
    [{ programmeCookieDays: '0' }, 'programmeCookieDays', 'Cookie window must be 1-365 days'],
    [{ ...referral, programmeTypes: 'affiliate' }, 'programmeCookieDays', 'Cookie window is required for affiliate programmes'],
    [{ programmePayoutMinimum: '1.5.0' }, 'programmePayoutMinimum', 'Payout minimum must be a number with at most two decimals'],
    [{ programmePayoutFrequency: 'weekly' }, 'programmePayoutFrequency', 'Payout frequency must be monthly, quarterly or per transaction'],
    [{ programmeBillingModel: '' }, 'programmeBillingModel', 'Choose who bills whom'],
    [{ programmeBillingPeriod: 'weekly' }, 'programmeBillingPeriod', 'Choose the billing period'],
    [{ programmeCommitmentMonths: '61' }, 'programmeCommitmentMonths', 'Minimum commitment must be 0-60 months'],
    [{ programmeAutoRenew: 'maybe' }, 'programmeAutoRenew', 'Auto-renewal must be yes or no'],
    [{ programmeEarlyCancellation: 'never' }, 'programmeEarlyCancellation', 'Choose whether early cancellation is allowed'],
    [{ programmeTrialDays: '91' }, 'programmeTrialDays', 'Trial must be 0-90 days'],
    [{ programmeDemoAccount: '2' }, 'programmeDemoAccount', 'Demo account must be yes or no'],
    [{ programmeInternalUseSeats: '1.5' }, 'programmeInternalUseSeats', 'Internal-use seats must be 0-1000'],
    [{ programmeWhiteLabel: 'own_logo|neon_sign' }, 'programmeWhiteLabel', 'Choose the white-label features from the list'],
    [{ programmeTerritories: 'USA' }, 'programmeTerritories', 'Territories must be country codes such as US, GB or worldwide'],
    [{ programmeSupportModel: 'nobody' }, 'programmeSupportModel', 'Choose who supports whom'],
    [{ programmeApplyUrl: 'http://partners.example.test' }, 'programmeApplyUrl', 'Apply URL must be an https:// address'],
    [{ programmeJoinApproval: 'open' }, 'programmeJoinApproval', 'Choose instant or reviewed'],
    [{ programmeTermsUrl: 'ftp://partners.example.test/terms' }, 'programmeTermsUrl', 'Terms URL must be an https:// address'],
    // Terms that contradict themselves or their listing (the row's price type is monthly), as the dialog and the API refuse them.
    [{ ...referral, programmeWholesalePrice: '500', programmeSuggestedRetailPrice: '' }, 'programmeWholesalePrice', 'Wholesale price applies to resale only: choose white-label or branded resale, or leave it empty'],
    [{ programmeBillingPeriod: 'annual', programmeCommitmentMonths: '0' }, 'programmeCommitmentMonths', 'Billed annually, the commitment is whole years: 12, 24, 36, 48 or 60 months (or choose monthly billing)'],
    [{ programmeBillingPeriod: 'one_time', programmeCommitmentMonths: '24' }, 'programmeCommitmentMonths', 'A one-off payment has no minimum commitment: set 0, or choose monthly or annual billing'],
    [{ programmeAutoRenew: 'yes', programmeBillingPeriod: 'one_time' }, 'programmeAutoRenew', 'A one-off payment cannot renew automatically: untick it, or choose monthly or annual billing'],
    [{ programmeBillingPeriod: 'annual', programmeCommitmentMonths: '12' }, 'programmeBillingPeriod', "The listing is billed monthly, so the programme is billed monthly: change the billing period or the listing's price type"],
  ];

  it('reports each wrong value on its row and column, and stores nothing: not the listing of that row, not the good rows', async () => {
    const before = await Promise.all([countOf(listings), countOf(partnerProgrammes), countOf(partnerProgrammeChanges), programmeOf(live.id)]);
    const csv = [
      header,
      // An existing listing whose title changes but whose programme is wrong: neither is written.
      row('live-one', { programmeVisibility: 'secret' }, 'Renamed'),
      row('good-new-one', {}),
      ...cases.map(([cells], i) => row(`bad-${i}`, cells)),
    ].join('\r\n');
    const expected = [
      { row: 2, column: 'programmeVisibility', message: 'Choose who sees the numbers' },
      ...cases.map(([, column, message], i) => ({ row: i + 4, column, message })),
    ];
    for (const dryRun of [true, false]) {
      const res = await importCsv(csv, dryRun);
      expect(res.statusCode, res.body).toBe(dryRun ? 200 : 422);
      expect(res.json().errors).toEqual(expected);
      expect(res.json()).toMatchObject({ created: 1, updated: 0, errorCount: expected.length });
    }
    expect(await Promise.all([countOf(listings), countOf(partnerProgrammes), countOf(partnerProgrammeChanges), programmeOf(live.id)])).toEqual(before);
    expect((await app.inject({ url: '/api/services/live-one' })).json().title).toBe('Title live-one');
    expect(await idOf('good-new-one')).toBeUndefined();
  });

  it('refuses programme columns without programmeTypes, which says whether there is a programme at all', async () => {
    const res = await importCsv([`${listingColumns.join(',')},programmeTrialDays`, 'services,live-one,Title live-one,Description,resale,100,monthly,5,'].join('\n'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ row: 1, column: 'programmeTypes', message: 'The column "programmeTypes" is missing: the file has "programmeTrialDays", which needs it.' }]);
    expect((await programmeOf(live.id)).programme).not.toBeNull();
  });
});
