import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import { rowToTerms } from '../../../db/partner-programme-terms';
import { listingCsvColumns } from '../../../shared/schemas/import-export';
import { createCategory, createListing, createPartnerProgramme, createUser, type TestUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { exportListings } from './export.service';

const { app, db } = await createTestApp();
const admin = await createUser(app, db, { isAdmin: true });
const member = await createUser(app, db);
const provider = await createUser(app, db, { isProvider: true });
const otherProvider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { slug: 'resale' });

const listing = (slug: string, providerId: string) =>
  createListing(db, { providerId, categoryId: category.id, slug, price: '200.00', priceType: 'monthly', deliveryTime: 5 });

// Members-only terms with every field set, verified by an administrator.
const full = await listing('full-programme', provider.id);
await createPartnerProgramme(db, full.id, {
  types: ['referral', 'white_label_resale'],
  visibility: 'members',
  wholesalePrice: '61',
  suggestedRetailPrice: '101',
  minRetailPrice: '81',
  setupFeeWholesale: '151',
  setupFeeSuggested: '301',
  commissionType: 'percent',
  commissionValue: '21',
  commissionMonths: 'lifetime',
  cookieDays: 90,
  payoutMinimum: '51',
  payoutFrequency: 'quarterly',
  billingModel: 'provider_bills_client',
  billingPeriod: 'monthly',
  commitmentMonths: 12,
  autoRenew: true,
  earlyCancellation: 'fee',
  trialDays: 14,
  demoAccount: true,
  internalUseSeats: 3,
  whiteLabel: ['custom_domain', 'own_logo'],
  territories: 'us, gb',
  supportModel: 'agency_first_line',
  applyUrl: 'https://partners.example.test/apply',
  joinApproval: 'instant',
  termsUrl: 'https://partners.example.test/terms',
});
await db.update(partnerProgrammes).set({ verifiedAt: new Date('2026-01-15T12:00:00Z'), verificationSource: 'document' }).where(eq(partnerProgrammes.listingId, full.id));
// Terms on request, of another provider's listing; public terms; no programme at all.
const secret = await listing('secret-programme', otherProvider.id);
await createPartnerProgramme(db, secret.id, { types: ['white_label_resale', 'referral'], visibility: 'on_request', wholesalePrice: '43', suggestedRetailPrice: '77', setupFeeWholesale: '19', payoutMinimum: '33' });
const open = await listing('open-programme', provider.id);
await createPartnerProgramme(db, open.id, { visibility: 'public', wholesalePrice: '62', suggestedRetailPrice: '102' });
await listing('no-programme', provider.id);

const NUMBER_COLUMNS = [
  'programmeWholesalePrice',
  'programmeSuggestedRetailPrice',
  'programmeMinRetailPrice',
  'programmeSetupFeeWholesale',
  'programmeSetupFeeSuggested',
  'programmeCommissionValue',
  'programmePayoutMinimum',
] as const;

type Rows = Record<string, Record<string, string>>;

/** The file's rows by slug, each a record of column to cell. */
function rowsOf(csv: string): Rows {
  const [header, ...rows] = parse(csv, { bom: true }) as string[][];
  expect(header).toEqual([...listingCsvColumns]);
  return Object.fromEntries(rows.map((row) => [row[1]!, Object.fromEntries(header!.map((column, i) => [column, row[i]!]))]));
}

async function exportAs(viewer: TestUser | null): Promise<string> {
  let text = '';
  for await (const chunk of exportListings(db, 'services', viewer)) text += String(chunk);
  return text;
}

const exportRoute = (cookie?: string) => app.inject({ url: '/api/admin/export/listings.csv?type=services', headers: cookie ? { cookie } : {} });
const importCsv = (csv: string) =>
  app.inject({ method: 'POST', url: '/api/admin/import/listings', headers: { cookie: admin.cookie, 'content-type': 'text/csv' }, payload: csv });

describe('partner programmes in the listings export', () => {
  it('writes every programme field in its own column, the verification for administrators, and empty cells for a listing without one', async () => {
    const res = await exportRoute(admin.cookie);
    expect(res.statusCode).toBe(200);
    const rows = rowsOf(res.body);
    const pick = (row: Record<string, string>) => Object.fromEntries(Object.entries(row).filter(([column]) => column.startsWith('programme')));
    expect(pick(rows['full-programme']!)).toEqual({
      programmeTypes: 'white_label_resale|referral',
      programmeVisibility: 'members',
      programmeWholesalePrice: '61.00',
      programmeSuggestedRetailPrice: '101.00',
      programmeMinRetailPrice: '81.00',
      programmeSetupFeeWholesale: '151.00',
      programmeSetupFeeSuggested: '301.00',
      programmeCommissionType: 'percent',
      programmeCommissionValue: '21.00',
      programmeCommissionMonths: 'lifetime',
      programmeCookieDays: '90',
      programmePayoutMinimum: '51.00',
      programmePayoutFrequency: 'quarterly',
      programmeBillingModel: 'provider_bills_client',
      programmeBillingPeriod: 'monthly',
      programmeCommitmentMonths: '12',
      programmeAutoRenew: 'true',
      programmeEarlyCancellation: 'fee',
      programmeTrialDays: '14',
      programmeDemoAccount: 'true',
      programmeInternalUseSeats: '3',
      programmeWhiteLabel: 'own_logo|custom_domain',
      programmeTerritories: 'GB|US',
      programmeSupportModel: 'agency_first_line',
      programmeApplyUrl: 'https://partners.example.test/apply',
      programmeJoinApproval: 'instant',
      programmeTermsUrl: 'https://partners.example.test/terms',
      programmeVerifiedAt: '2026-01-15',
      programmeVerificationSource: 'document',
    });
    expect(rows['open-programme']).toMatchObject({ programmeTerritories: 'worldwide', programmeCommissionMonths: '', programmeAutoRenew: 'false', programmeVerifiedAt: '' });
    expect(Object.values(pick(rows['no-programme']!)).every((cell) => cell === '')).toBe(true);
  });

  it('is refused to visitors, members and providers: only administrators export', async () => {
    expect((await exportRoute()).statusCode).toBe(401);
    for (const user of [member, provider, otherProvider]) {
      const res = await exportRoute(user.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('programme');
    }
  });

  // The route's viewers are administrators; the export applies the site's rule per row all the same,
  // so these viewers prove the file never carries a number its reader could not see on the site.
  const cases: [string, () => TestUser | null, Record<string, boolean>][] = [
    ['a visitor', () => null, { 'open-programme': true, 'full-programme': false, 'secret-programme': false }],
    ['a member', () => member, { 'open-programme': true, 'full-programme': true, 'secret-programme': false }],
    ['the provider of the members-only terms', () => provider, { 'open-programme': true, 'full-programme': true, 'secret-programme': false }],
    ['the provider of the terms on request', () => otherProvider, { 'open-programme': true, 'full-programme': true, 'secret-programme': true }],
    ['an administrator', () => admin, { 'open-programme': true, 'full-programme': true, 'secret-programme': true }],
  ];
  it.each(cases)('gives %s exactly the numbers the site shows them', async (_who, viewer, sees) => {
    const rows = rowsOf(await exportAs(viewer()));
    const admins = rowsOf(await exportAs(admin));
    for (const [slug, visible] of Object.entries(sees)) {
      const row = rows[slug]!;
      for (const column of NUMBER_COLUMNS) expect(row[column], `${slug} ${column}`).toBe(visible ? admins[slug]![column] : '');
      // The rest of the terms (types, billing, URLs) are not numbers: everyone sees them, as on the page.
      expect(row.programmeTypes).toBe(admins[slug]!.programmeTypes);
      expect(row.programmeBillingModel).toBe(admins[slug]!.programmeBillingModel);
    }
    if (!sees['secret-programme']) expect(Object.values(rows['secret-programme']!).join(',')).not.toMatch(/43\.00|77\.00|19\.00|33\.00/);
    if (viewer()?.isAdmin !== true) expect(Object.values(rows).every((row) => row.programmeVerifiedAt === '' && row.programmeVerificationSource === '')).toBe(true);
  });
});

describe('partner programmes round trip', () => {
  it('imports an exported file back as the same programmes, and as no change at all when they are there', async () => {
    const exported = (await exportRoute(admin.cookie)).body;
    const same = await importCsv(exported);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ created: 0, updated: 0, unchanged: 4, errorCount: 0 });

    const termsNow = async () => Object.fromEntries((await db.select().from(partnerProgrammes)).map((row) => [row.listingId, rowToTerms(row)]));
    const before = await termsNow();
    expect(Object.keys(before)).toHaveLength(3);
    await db.delete(partnerProgrammes);

    const back = await importCsv(exported);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ created: 0, updated: 3, unchanged: 1, errorCount: 0 });
    expect(await termsNow()).toEqual(before);

    // The same file again, apart from the verification: terms written by an import are unverified.
    const again = rowsOf((await exportRoute(admin.cookie)).body);
    const first = rowsOf(exported);
    for (const slug of Object.keys(first)) {
      for (const column of [...listingCsvColumns].filter((c) => c !== 'programmeVerifiedAt' && c !== 'programmeVerificationSource')) {
        expect(again[slug]![column], `${slug} ${column}`).toBe(first[slug]![column]);
      }
    }
    expect(again['full-programme']!.programmeVerifiedAt).toBe('');
  });
});
