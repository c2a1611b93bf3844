import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingQuerySchema } from '../../../shared/schemas/listing-query';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { withSentStatements } from '../../../../test/sent-statements';
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
// four categories in a tree, two providers, and a few pending ones besides.
for (let n = 0; n < 128; n += 1) {
  await createListing(db, {
    type: 'services',
    providerId: n % 3 === 0 ? other.id : provider.id,
    categoryId: categories[n % 4]!.id,
    price: n % 7 === 0 ? null : String((n * 37) % 900),
    priceType: 'fixed',
    rating: (n % 11) / 2,
    deliveryTime: n % 5 === 0 ? null : (n % 9) + 1,
    status: n < 120 ? 'approved' : 'pending',
  });
}
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
];

async function sqlShare(query: string): Promise<number> {
  const count = async (where: SQL) => Number(((await db.execute(sql`select count(*)::int as n from listings where ${where}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  const all = await count(catalogueWhere('services', listingQuerySchema.parse({})));
  return (await count(catalogueWhere('services', listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))))) / all;
}

describe('the share of listings a list keeps, from a sample', () => {
  it.each(queries)('keeps what the SQL keeps: ?%s', async (query) => {
    const sample = await readFilterSample(db);
    expect(sample.listings).toHaveLength(128);
    expect(filterShare(sample, 'services', 'approved', listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))))).toBe(await sqlShare(query));
  });

  it('says nothing from too few sampled listings of the type and status', async () => {
    const sample = await readFilterSample(db);
    expect(filterShare(sample, 'services', 'pending', listingQuerySchema.parse({ minPrice: '1' }))).toBeUndefined();
    expect(filterShare(sample, 'tools', 'approved', listingQuerySchema.parse({ minPrice: '1' }))).toBeUndefined();
  });

  it('narrows an estimate for the whole type by the share, rows at least one', () => {
    const estimate = { listings: 1_000, matches: 400, likely: 600, table: 5_000, several: true, each: [400, 900], titles: 30, titlesAtMost: 60 };
    expect(narrowedEstimate(estimate, 0.25)).toEqual({ listings: 250, matches: 100, likely: 150, table: 5_000, several: true, each: [100, 225], titles: 8, titlesAtMost: 15 });
    expect(narrowedEstimate(estimate, 0)).toMatchObject({ listings: 1, matches: 1, likely: 0, titles: 1 });
  });

  it('sends a filtered search no statement asking the planner', async () => {
    const { statements } = await withSentStatements(db, () => findCataloguePage(db, 'services', listingQuerySchema.parse({ search: 'service', minPrice: '100', rating: '2' })));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((text) => /^\s*explain/i.test(text))).toEqual([]);
  });
});
