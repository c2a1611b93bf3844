import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createPartnerProgramme, createUser, samplePartnerTerms } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { listings } from '../../../db/schema/listings';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';

// The listing's copies of its programme (listings.programme_*), which the catalogue's filters and
// sorts read, follow every write of the programme and of the listing's price, whoever writes it:
// after each write they equal what the programme's row says (all null without a programme), and
// the words the full-text indexes hold of them (programme_facets) say the same terms.
const { app, db } = await createTestApp();
const admin = await createUser(app, db, { isAdmin: true });
const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'services', slug: 'copies' });

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
const asProvider = (method: 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie: provider.cookie } });
const live = (title: string, status: 'approved' | 'pending' = 'approved') =>
  createListing(db, { providerId: provider.id, categoryId: category.id, title, price: '100.00', priceType: 'monthly', deliveryTime: 5, status });

const copyColumns = {
  types: listings.programmeTypes,
  visibility: listings.programmeVisibility,
  whiteLabelLevel: listings.programmeWhiteLabelLevel,
  marginPercent: listings.programmeMarginPercent,
  earningsPerClient: listings.programmeEarningsPerClient,
  commitmentMonths: listings.programmeCommitmentMonths,
  billingModel: listings.programmeBillingModel,
  trial: listings.programmeTrial,
  territories: listings.programmeTerritories,
  verifiedAt: listings.programmeVerifiedAt,
};
const p = partnerProgrammes;
const sourceColumns = {
  types: p.types,
  visibility: p.visibility,
  whiteLabelLevel: p.whiteLabelLevel,
  marginPercent: p.marginPercent,
  earningsPerClient: p.earningsPerClient,
  commitmentMonths: p.commitmentMonths,
  billingModel: p.billingModel,
  trial: sql<boolean>`${p.trialDays} > 0 or ${p.internalUseSeats} > 0`,
  territories: p.territories,
  verifiedAt: p.verifiedAt,
};
const none = Object.fromEntries(Object.keys(copyColumns).map((key) => [key, null]));

/** The listing's copies, checked against its programme's row (or all null without one), and returned. */
async function copyOf(listingId: number) {
  const [copy] = await db.select(copyColumns).from(listings).where(eq(listings.id, listingId));
  const [source] = await db.select(sourceColumns).from(p).where(eq(p.listingId, listingId));
  expect(copy).toEqual(source ?? none);
  return copy!;
}

const terms = { ...samplePartnerTerms };
const programmeUrl = (id: number) => `/api/services/${id}/partner-programme`;

describe("the listing's copies of its programme", () => {
  it('are written with a programme and follow a provider change approved through moderation', async () => {
    const listing = await live('Moderated terms');
    expect(await copyOf(listing.id)).toEqual(none);
    await createPartnerProgramme(db, listing.id);
    expect(await copyOf(listing.id)).toMatchObject({ types: ['white_label_resale'], visibility: 'public', whiteLabelLevel: 'full', marginPercent: 40, trial: false, territories: [] });

    const proposal = await asProvider('PUT', programmeUrl(listing.id), { ...terms, wholesalePrice: '55', trialDays: 30, territories: 'DE, AT', commitmentMonths: 12 });
    expect(proposal.statusCode, proposal.body).toBe(200);
    // A proposal is not live: the copies keep the live terms.
    expect(await copyOf(listing.id)).toMatchObject({ marginPercent: 40, trial: false, commitmentMonths: 0 });
    const approved = await asAdmin('POST', `/api/admin/services/${listing.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await copyOf(listing.id)).toMatchObject({ marginPercent: 45, trial: true, commitmentMonths: 12, territories: ['AT', 'DE'] });
  });

  it("follow an administrator's edit, a verification, and a removal approved through moderation", async () => {
    const listing = await live('Administered terms');
    await createPartnerProgramme(db, listing.id);
    const edited = await asAdmin('PUT', programmeUrl(listing.id), { ...terms, visibility: 'members', types: ['white_label_resale', 'referral'], commissionType: 'percent', commissionValue: '20', commissionMonths: 12, billingModel: 'provider_bills_client', internalUseSeats: 2 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await copyOf(listing.id)).toMatchObject({ visibility: 'members', types: ['white_label_resale', 'referral'], billingModel: 'provider_bills_client', trial: true });

    const verified = await asAdmin('POST', `/api/admin/services/${listing.id}/partner-programme/verify`, { verifiedAt: '2026-01-15', source: 'call' });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await copyOf(listing.id)).verifiedAt).toEqual(new Date('2026-01-15T12:00:00Z'));
    // A change of the terms clears the verification, and so its copy.
    await asAdmin('PUT', programmeUrl(listing.id), { ...terms, visibility: 'members' });
    expect((await copyOf(listing.id)).verifiedAt).toBeNull();

    const removal = await asProvider('DELETE', programmeUrl(listing.id));
    expect(removal.statusCode, removal.body).toBe(200);
    expect((await copyOf(listing.id)).types).not.toBeNull();
    await asAdmin('POST', `/api/admin/services/${listing.id}/partner-programme/approve`);
    expect(await copyOf(listing.id)).toEqual(none);
  });

  it("move with the listing's price: a pending listing's edit, and a live listing's edit once approved", async () => {
    const pending = await live('Pending priced', 'pending');
    // No suggested retail price: the margin is taken at the listing's own price.
    await createPartnerProgramme(db, pending.id, { suggestedRetailPrice: '' });
    expect((await copyOf(pending.id)).marginPercent).toBeCloseTo(40);
    const edit = { type: 'services', title: 'Pending priced', description: 'Words', categoryId: category.id, price: '150', priceType: 'monthly', deliveryTime: 5, tags: [], features: [] };
    const res = await asProvider('PATCH', `/api/services/${pending.id}`, edit);
    expect(res.statusCode, res.body).toBe(200);
    expect((await copyOf(pending.id)).marginPercent).toBeCloseTo(60);

    const priced = await live('Live priced');
    await createPartnerProgramme(db, priced.id, { suggestedRetailPrice: '' });
    const proposed = await asProvider('PATCH', `/api/services/${priced.id}`, { ...edit, title: 'Live priced', price: '200' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect((await copyOf(priced.id)).marginPercent).toBeCloseTo(40);
    await asAdmin('POST', `/api/admin/services/${priced.id}/approve`);
    expect((await copyOf(priced.id)).marginPercent).toBeCloseTo(70);
  });

  it('follow a CSV import that creates, changes and removes programmes', async () => {
    const cells = { programmeTypes: 'white_label_resale', programmeVisibility: 'public', programmeWholesalePrice: '60', programmeSuggestedRetailPrice: '100', programmeBillingModel: 'provider_bills_agency', programmeBillingPeriod: 'monthly', programmeCommitmentMonths: '0', programmeEarlyCancellation: 'allowed', programmeTrialDays: '0', programmeInternalUseSeats: '0', programmeWhiteLabel: 'own_logo', programmeTerritories: 'worldwide', programmeSupportModel: 'provider_supports_agency', programmeJoinApproval: 'reviewed' };
    const header = ['type', 'slug', 'title', 'description', 'category', 'price', 'priceType', 'deliveryTime', ...Object.keys(cells)].join(',');
    const row = (programme: Partial<typeof cells> | null) =>
      ['services', 'imported', 'Imported', 'Description', 'copies', '100', 'monthly', '5', ...Object.entries(cells).map(([key, value]) => (programme ? (programme[key as keyof typeof cells] ?? value) : ''))].join(',');
    const importCsv = async (line: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/admin/import/listings', headers: { cookie: admin.cookie, 'content-type': 'text/csv' }, payload: [header, line].join('\n') });
      expect(res.json(), res.body).toMatchObject({ errorCount: 0 });
    };
    await importCsv(row({}));
    const [imported] = await db.select({ id: listings.id }).from(listings).where(eq(listings.slug, 'imported'));
    expect(await copyOf(imported!.id)).toMatchObject({ types: ['white_label_resale'], whiteLabelLevel: 'partial', marginPercent: 40 });
    await importCsv(row({ programmeWholesalePrice: '50', programmeTerritories: 'US', programmeTrialDays: '14' }));
    expect(await copyOf(imported!.id)).toMatchObject({ marginPercent: 50, territories: ['US'], trial: true });
    await importCsv(row(null));
    expect(await copyOf(imported!.id)).toEqual(none);
  });

  it("go with the listing, and with the whole programme table's truncation", async () => {
    const gone = await live('Deleted listing');
    await createPartnerProgramme(db, gone.id);
    await db.delete(listings).where(eq(listings.id, gone.id));
    expect(await db.select().from(p).where(eq(p.listingId, gone.id))).toEqual([]);

    const kept = await live('Truncated programme');
    await createPartnerProgramme(db, kept.id);
    expect((await copyOf(kept.id)).types).toEqual(['white_label_resale']);
    await db.execute(sql`truncate ${p} cascade`);
    expect(await copyOf(kept.id)).toEqual(none);
  });
});
