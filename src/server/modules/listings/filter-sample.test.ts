import { inArray, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingQuerySchema } from '../../../shared/schemas/listing-query';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createPartnerProgramme, createUser } from '../../../../test/factories';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import type { TermsVisibility } from '../../../shared/partner-programme-values';
import type { PartnerProgrammeInput } from '../../../shared/schemas/partner-programme';
import { withSentStatements } from '../../../../test/sent-statements';
import { referralTerms } from '../../../../test/partner-terms';
import { findCataloguePage } from './catalogue.queries';
import { filterShare, narrowedEstimate } from './filter-sample';
import { readFilterSample } from './filter-sample.queries';
import { catalogueWhere } from './listing-filters';

// A small table is sampled whole, so the share the sample gives must be the share the filters'
// SQL keeps, exactly: the two tests of a filter (here and in listing-filters.ts) may not drift.

const { app, db } = await createTestApp();
const provider = await createUser(app, db, { isProvider: true });
const other = await createUser(app, db, { isProvider: true });
const parent = await createCategory(db, { type: 'services' });
const child = await createCategory(db, { type: 'services', parentId: parent.id });
const grandchild = await createCategory(db, { type: 'services', parentId: child.id });
const aside = await createCategory(db, { type: 'services' });
const categories = [parent, child, grandchild, aside];

// 120 services of every kind a filter tells apart: priced or not, each rating, delivery or none,
// four categories in a tree, two providers, and a few pending ones besides. All but every eighth
// have a partner programme of every kind the programme filters tell apart: resale or referral,
// each visibility, margins of 25 to 55 % (33.3 % as a `real` is a little under 33.3), full,
// partial or no white label, commitments, trial days or seats, territories, verified or not.
const referral = referralTerms;
const verified: number[] = [];
for (let n = 0; n < 128; n += 1) {
  const listing = await createListing(db, {
    type: 'services',
    providerId: n % 3 === 0 ? other.id : provider.id,
    categoryId: categories[n % 4]!.id,
    price: n % 7 === 0 ? null : String((n * 37) % 900),
    priceType: 'fixed',
    rating: (n % 11) / 2,
    deliveryTime: n % 5 === 0 ? null : (n % 9) + 1,
    status: n < 120 ? 'approved' : 'pending',
  });
  if (n % 8 === 7) continue;
  const terms: Partial<PartnerProgrammeInput> = {
    ...(n % 6 === 5
      ? referral
      : {
          types: n % 4 === 1 ? ['branded_resale'] : n % 4 === 2 ? ['white_label_resale', 'branded_resale'] : ['white_label_resale'],
          wholesalePrice: ['60', '66.7', '45', '75', '55.5'][n % 5]!,
        }),
    visibility: (['public', 'members', 'on_request'] as const)[Math.floor(n / 2) % 3]!,
    // Branded resale keeps the provider's branding, so never 'vendor_branding_removed' (the schema refuses it).
    whiteLabel: n % 3 === 0 && n % 4 !== 1 ? ['own_logo', 'custom_domain', 'vendor_branding_removed', 'branded_reports', 'non_solicitation'] : n % 3 === 1 ? ['own_logo'] : [],
    commitmentMonths: [0, 6, 12][Math.floor(n / 4) % 3]!,
    trialDays: n % 4 === 0 ? 14 : 0,
    internalUseSeats: n % 9 === 0 ? 3 : 0,
    territories: ['worldwide', 'US, GB', 'DE'][Math.floor(n / 3) % 3]!,
  };
  await createPartnerProgramme(db, listing.id, terms);
  if (n % 5 === 2) verified.push(listing.id);
}
await db.update(partnerProgrammes).set({ verifiedAt: new Date('2026-09-01T00:00:00Z'), verificationSource: 'document' }).where(inArray(partnerProgrammes.listingId, verified));
await db.execute(sql`analyze listings`);

const queries = [
  '',
  'minPrice=300',
  'maxPrice=299.5',
  'minPrice=100&maxPrice=500',
  'rating=3.5',
  'deliveryTime=1,2,3',
  `categoryId=${parent.id}`,
  `categoryId=${child.id}&maxPrice=600`,
  `categoryId=${aside.id}&rating=2`,
  `providerId=${other.id}&minPrice=50`,
  'programme=branded_resale',
  'programme=referral,white_label_resale',
  'whiteLabel=full',
  'whiteLabel=partial',
  'minMargin=40',
  'minMargin=33.3',
  'maxCommitment=0',
  'maxCommitment=6',
  'billing=provider_bills_client',
  'trial=1',
  'territory=DE',
  'territory=us',
  'verified=1',
  'sort=margin',
  'sort=earnings',
  'sort=verified&whiteLabel=full',
  'whiteLabel=partial&minMargin=30&territory=DE',
  'minPrice=100&trial=1&verified=1',
  `categoryId=${child.id}&maxCommitment=6&programme=white_label_resale`,
  'rating=2&billing=provider_bills_agency&minMargin=25&sort=earnings',
];

/** Whose numbers count: a visitor's, a member's, an administrator's (numbersVisibleTo). */
const viewers: TermsVisibility[][] = [['public'], ['public', 'members'], ['public', 'members', 'on_request']];
const parse = (query: string) => listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

async function sqlShare(query: string, numbersFor?: TermsVisibility[]): Promise<number> {
  const count = async (where: SQL) => Number(((await db.execute(sql`select count(*)::int as n from listings where ${where}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  const all = await count(catalogueWhere('services', listingQuerySchema.parse({})));
  return (await count(catalogueWhere('services', parse(query), numbersFor))) / all;
}

describe('the share of listings a list keeps, from a sample', () => {
  it.each(queries)('keeps what the SQL keeps: ?%s', async (query) => {
    const sample = await readFilterSample(db);
    expect(sample.listings).toHaveLength(128);
    expect(filterShare(sample, 'services', 'approved', parse(query))).toBe(await sqlShare(query));
  });

  it.each(queries.filter((query) => /margin|earnings/i.test(query)))('keeps what the SQL keeps for each viewer, whose hidden numbers never count: ?%s', async (query) => {
    const sample = await readFilterSample(db);
    for (const numbersFor of viewers) {
      expect(filterShare(sample, 'services', 'approved', parse(query), numbersFor), numbersFor.join()).toBe(await sqlShare(query, numbersFor));
    }
  });

  it('has programmes of every kind the filters tell apart', async () => {
    const sample = await readFilterSample(db);
    const share = (query: string, numbersFor?: TermsVisibility[]) => filterShare(sample, 'services', 'approved', parse(query), numbersFor)!;
    // Margins a visitor may not see narrow a member's share, and an administrator's, not the visitor's.
    expect(share('minMargin=30')).toBeLessThan(share('minMargin=30', viewers[1]));
    expect(share('minMargin=30', viewers[1])).toBeLessThan(share('minMargin=30', viewers[2]));
    // 33.3 % stored as a `real` passes "at least 33.3", as PostgreSQL compares them.
    expect(share('minMargin=33.3')).toBeGreaterThan(share('minMargin=33.4'));
    for (const query of queries.filter((query) => /programme|whiteLabel|Margin|Commitment|billing|trial|territory|verified|sort/.test(query))) {
      expect(share(query), query).toBeGreaterThan(0);
      expect(share(query), query).toBeLessThan(1);
    }
  });

  it('says nothing from too few sampled listings of the type and status', async () => {
    const sample = await readFilterSample(db);
    expect(filterShare(sample, 'services', 'pending', listingQuerySchema.parse({ minPrice: '1' }))).toBeUndefined();
    expect(filterShare(sample, 'tools', 'approved', listingQuerySchema.parse({ minPrice: '1' }))).toBeUndefined();
  });

  it('narrows an estimate for the whole type by the share, rows at least one', () => {
    const estimate = { listings: 1_000, matches: 400, likely: 600, table: 5_000, several: true, each: [400, 900], titles: 30, titlesAtMost: 60 };
    expect(narrowedEstimate(estimate, 0.25)).toEqual({ listings: 250, matches: 100, likely: 150, table: 5_000, several: true, each: [100, 225], titles: 8, titlesAtMost: 15, inType: 600 });
    expect(narrowedEstimate(estimate, 0)).toMatchObject({ listings: 1, matches: 1, likely: 0, titles: 1 });
    // Filters the full-text indexes hold: a read of every match gathers only those under them.
    expect(narrowedEstimate(estimate, 0.25, true)).not.toHaveProperty('inType');
  });

  it('reads the few listings a filter keeps and tests the words on each, where the words match many more', async () => {
    // "listing" is in every service; a rating of 5 keeps about one in eleven.
    const search = (query: Record<string, string>) => withSentStatements(db, () => findCataloguePage(db, 'services', listingQuerySchema.parse({ search: 'listing', ...query })));
    const everyMatch = (statements: string[]) => statements.filter((text) => text.includes('as matches'));
    const rated = await search({ rating: '5' });
    // The WHERE of the read of every match: the words hidden from the full-text index (rowMatch),
    // so that only the rating's index can find the rows.
    const whereOf = (statement: string) => statement.slice(statement.indexOf(' where '), statement.indexOf('matches as materialized'));
    const [read] = everyMatch(rated.statements);
    expect(whereOf(read!)).toMatch(/"listings"."rating" >= \$\d+\) and coalesce\("listings"."search_vector" @@ \(select to_tsquery\('english', \$\d+\)\), false\)\)\),\s*$/);
    const kept = await db.execute(sql`select count(*)::int as n from listings where type = 'services' and status = 'approved' and rating >= 5`);
    expect(rated.result.total).toBe((kept as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(rated.result.rows.every((row) => Number(row.listing.rating) >= 5)).toBe(true);
    // A rating most services have keeps the words' index: the rows would be most of the type.
    const common = await search({ rating: '1' });
    expect(everyMatch(common.statements).length).toBeGreaterThan(0);
    for (const statement of everyMatch(common.statements)) expect(whereOf(statement)).not.toContain('coalesce(');
  });

  it('sends a filtered search no statement asking the planner', async () => {
    const { statements } = await withSentStatements(db, () => findCataloguePage(db, 'services', listingQuerySchema.parse({ search: 'service', minPrice: '100', rating: '2' })));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((text) => /^\s*explain/i.test(text))).toEqual([]);
  });
});
