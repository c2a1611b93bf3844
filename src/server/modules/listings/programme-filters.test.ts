import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createPartnerProgramme, createUser } from '../../../../test/factories';
import { referralTerms } from '../../../../test/partner-terms';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';

// The partner-programme filters and sorts of /api/services (and so of /services, category pages
// and searches): the right listings, in the right order, with the right total, and margins that
// a viewer may not see never deciding what they are shown.
const { app, db } = await createTestApp();

const provider = await createUser(app, db, { isProvider: true });
const member = await createUser(app, db);
const admin = await createUser(app, db, { isAdmin: true });
const design = await createCategory(db, { type: 'services', name: 'Design' });
const reporting = await createCategory(db, { type: 'services', name: 'Reporting' });

let minute = 0;
const at = () => new Date(Date.UTC(2026, 0, 1, 0, ++minute));
const service = (title: string, overrides: Partial<Parameters<typeof createListing>[1]> = {}) =>
  createListing(db, { type: 'services', providerId: provider.id, categoryId: design.id, title, price: '100.00', priceType: 'monthly', createdAt: at(), ...overrides });

// Margins at the suggested retail price of 100: 40 %, 25 %, 55 % (members only), 60 % (on request).
const whiteLabel = await service('Whitelabel reports');
await createPartnerProgramme(db, whiteLabel.id, { wholesalePrice: '60', whiteLabel: ['own_logo', 'custom_domain', 'vendor_branding_removed', 'branded_reports', 'non_solicitation'], trialDays: 14, territories: 'US, GB' });
const branded = await service('Branded reports', { categoryId: reporting.id });
await createPartnerProgramme(db, branded.id, { types: ['branded_resale'], wholesalePrice: '75', whiteLabel: ['own_logo'], commitmentMonths: 12, territories: 'DE' });
const membersOnly = await service('Members reports');
await createPartnerProgramme(db, membersOnly.id, { visibility: 'members', wholesalePrice: '45', internalUseSeats: 3, whiteLabel: [] });
const onRequest = await service('Request reports');
await createPartnerProgramme(db, onRequest.id, { visibility: 'on_request', wholesalePrice: '40', whiteLabel: [] });
// 20 % for 12 months of a 100 a month client: 20 a month; no margin.
const referral = await service('Referral reports');
await createPartnerProgramme(db, referral.id, { ...referralTerms, whiteLabel: [] });
const none = await service('Plain reports');

await db.update(partnerProgrammes).set({ verifiedAt: new Date('2026-09-01T00:00:00Z'), verificationSource: 'document' }).where(eq(partnerProgrammes.listingId, branded.id));
await db.update(partnerProgrammes).set({ verifiedAt: new Date('2026-10-01T00:00:00Z'), verificationSource: 'call' }).where(eq(partnerProgrammes.listingId, referral.id));

const list = async (query: string, cookie?: string) => {
  const res = await app.inject({ url: `/api/services?${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return { ids: (res.json() as { id: number }[]).map((item) => item.id), total: Number(res.headers['x-total-count']) };
};
const sorted = (...listings: { id: number }[]) => listings.map((listing) => listing.id);
// Newest first: the default order among equals.
const newestFirst = (...listings: { id: number; createdAt: Date }[]) => [...listings].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((listing) => listing.id);

describe('filters', () => {
  it('by programme type, white-label level, commitment, billing, trial or seats, territory and verification', async () => {
    expect(await list('programme=branded_resale')).toEqual({ ids: [branded.id], total: 1 });
    expect((await list('programme=referral,branded_resale')).ids).toEqual(newestFirst(branded, referral));
    expect((await list('whiteLabel=full')).ids).toEqual([whiteLabel.id]);
    expect((await list('whiteLabel=partial')).ids).toEqual(newestFirst(whiteLabel, branded));
    expect((await list('maxCommitment=0')).total).toBe(4);
    expect((await list('billing=provider_bills_client')).ids).toEqual([referral.id]);
    expect((await list('trial=1')).ids).toEqual(newestFirst(whiteLabel, membersOnly));
    // No territories is worldwide: everyone but the programme limited to Germany.
    expect((await list('territory=us')).ids).toEqual(newestFirst(whiteLabel, membersOnly, onRequest, referral));
    expect((await list('territory=DE')).ids).toEqual(newestFirst(branded, membersOnly, onRequest, referral));
    expect((await list('verified=1')).ids).toEqual(newestFirst(branded, referral));
    expect((await list('')).ids).toContain(none.id);
  });

  it('by minimum margin, counting only the margins the viewer may see', async () => {
    expect(await list('minMargin=30')).toEqual({ ids: [whiteLabel.id], total: 1 });
    expect((await list('minMargin=30', member.cookie)).ids).toEqual(newestFirst(whiteLabel, membersOnly));
    expect((await list('minMargin=30', admin.cookie)).ids).toEqual(newestFirst(whiteLabel, membersOnly, onRequest));
  });

  it('combined with each other, a category and a search', async () => {
    expect((await list('programme=white_label_resale&trial=1&territory=GB')).ids).toEqual(newestFirst(whiteLabel, membersOnly));
    expect((await list('programme=white_label_resale&trial=1&whiteLabel=full')).ids).toEqual([whiteLabel.id]);
    expect((await list(`categoryId=${reporting.id}&maxCommitment=0`)).ids).toEqual([]);
    expect((await list(`categoryId=${design.id}&whiteLabel=partial`)).ids).toEqual([whiteLabel.id]);
    expect((await list('search=reports&verified=1')).ids.sort()).toEqual(sorted(branded, referral).sort());
    expect((await list('search=whitelabel&minMargin=10')).ids).toEqual([whiteLabel.id]);
  });

  it('counts as many as the page holds, by the terms or territories index or beside the listing\'s own filters', async () => {
    for (const query of [
      'programme=branded_resale',
      'programme=referral,branded_resale',
      'programme=white_label_resale',
      'whiteLabel=full',
      'whiteLabel=partial&maxCommitment=0',
      'billing=provider_bills_client',
      'trial=1',
      'verified=1',
      'programme=referral&verified=1',
      'sort=verified',
      'sort=verified&whiteLabel=partial',
      'sort=margin&programme=white_label_resale',
      'programme=white_label_resale&whiteLabel=full&maxCommitment=0',
      'whiteLabel=partial&territory=DE',
      'territory=DE',
      'territory=us',
      'trial=1&minMargin=30',
      `categoryId=${design.id}&programme=white_label_resale`,
      'maxCommitment=0&status=all',
    ]) {
      const { ids, total } = await list(query, query.includes('status=all') ? admin.cookie : undefined);
      expect(ids.length, query).toBeGreaterThan(0);
      expect(total, query).toBe(ids.length);
    }
    expect(await list('programme=affiliate&maxCommitment=0')).toEqual({ ids: [], total: 0 });
  });

  it('refuses values nobody could mean, with a message', async () => {
    for (const [query, message] of [
      ['programme=franchise', 'programme must be comma-separated programme types'],
      ['whiteLabel=some', 'whiteLabel must be full or partial'],
      ['minMargin=120', 'minMargin must be between 0 and 100'],
      ['maxCommitment=1.5', 'maxCommitment must be whole months'],
      ['territory=USA', 'territory must be a two-letter country code'],
      ['trial=yes', 'trial must be 1 when set'],
      ['sort=cheapest', 'sort must be one of rating, reviews, price, margin, earnings, verified'],
    ]) {
      const res = await app.inject({ url: `/api/services?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });
});

describe('sorts', () => {
  it('highest margin first, of the margins the viewer may see', async () => {
    expect(await list('sort=margin')).toEqual({ ids: sorted(whiteLabel, branded), total: 2 });
    expect((await list('sort=margin', member.cookie)).ids).toEqual(sorted(membersOnly, whiteLabel, branded));
    expect((await list('sort=margin', admin.cookie)).ids).toEqual(sorted(onRequest, membersOnly, whiteLabel, branded));
  });

  it('highest earnings per client first: resale and commission compared', async () => {
    // 40, 25 and 20 a month for a visitor.
    expect((await list('sort=earnings')).ids).toEqual(sorted(whiteLabel, branded, referral));
  });

  it('newest verification first, and a sort within a search or a filter', async () => {
    expect((await list('sort=verified')).ids).toEqual(sorted(referral, branded));
    expect((await list('search=reports&sort=margin')).ids).toEqual(sorted(whiteLabel, branded));
    expect((await list('sort=earnings&programme=branded_resale,referral')).ids).toEqual(sorted(branded, referral));
  });

  it('follows a change of the listing price (the retail price when none is suggested)', async () => {
    const noSuggestion = await service('Unsuggested reports', { price: '200.00', status: 'pending' });
    await createPartnerProgramme(db, noSuggestion.id, { wholesalePrice: '60', suggestedRetailPrice: '' });
    const changed = await app.inject({ method: 'PATCH', url: `/api/services/${noSuggestion.id}`, payload: { title: 'Unsuggested reports', description: 'Reports for agencies.', categoryId: design.id, price: '80', priceType: 'monthly', deliveryTime: 3 }, headers: { cookie: provider.cookie } });
    const [row] = await db.select({ margin: partnerProgrammes.marginPercent }).from(partnerProgrammes).where(eq(partnerProgrammes.listingId, noSuggestion.id));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(row!.margin).toBe(25);
  });

  it('reaches 500 results in a sorted search, as any search does, and counts no further', async () => {
    await db.execute(sql`insert into listings (type, slug, title, description, category_id, provider_id, status, created_at)
      select 'services', 'widget-' || n, 'Widget ' || n, 'A widget.', ${design.id}, ${provider.id}, 'approved', ${at().toISOString()}::timestamptz
      from generate_series(1, 510) as n`);
    // Each with a copy of the white-label terms (40 %), so every one of them has a margin to sort by.
    const columns = (await db.execute(sql`select column_name from information_schema.columns where table_name = 'partner_programmes' and column_name <> 'listing_id'`)) as unknown as { rows: { column_name: string }[] };
    const names = sql.raw(columns.rows.map((row) => `"${row.column_name}"`).join(', '));
    const copied = sql.raw(columns.rows.map((row) => `terms."${row.column_name}"`).join(', '));
    await db.execute(sql`insert into partner_programmes (listing_id, ${names})
      select widget.id, ${copied} from listings as widget cross join (select ${names} from partner_programmes where listing_id = ${whiteLabel.id}) as terms
      where widget.slug like 'widget-%'`);
    expect((await list('search=widget&sort=margin')).total).toBe(500);
    const res = await app.inject({ url: '/api/services?search=widget&sort=margin&offset=500' });
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count-exact']).toBe('false');
    // A sorted list without words still reaches 10,000.
    expect((await list('sort=margin')).total).toBeGreaterThan(500);
  });
});
