/**
 * How fast the catalogue reads are on a big catalogue: fills an in-memory PGlite with N listings
 * and times the real query code (findCataloguePage, findTrendingServices).
 *
 *   npx tsx bench/listings-search.ts [--listings 20000] [--runs 40]
 *
 * The figures it gave are in docs/benchmarks.md.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client';
import { categories } from '../src/db/schema/categories';
import { listings } from '../src/db/schema/listings';
import { users } from '../src/db/schema/users';
import { findCataloguePage } from '../src/server/modules/listings/catalogue.queries';
import { findTrendingServices } from '../src/server/modules/listings/trending.queries';
import { listingQuerySchema } from '../src/shared/schemas/listing-query';

const { values } = parseArgs({
  options: { listings: { type: 'string', default: '20000' }, runs: { type: 'string', default: '40' } },
});
const listingCount = Number(values.listings);
const runs = Number(values.runs);
if (!Number.isInteger(listingCount) || listingCount < 1 || !Number.isInteger(runs) || runs < 1) {
  throw new Error('--listings and --runs must be positive whole numbers');
}

/** mulberry32: the same catalogue on every run, so figures can be compared. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const sample = <T>(items: readonly T[], count: number) => [...items].sort(() => next() - 0.5).slice(0, count);
  const hex = (length: number) => Array.from({ length }, () => int(0, 15).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
  return { next, int, pick, sample, uuid, chance: (p: number) => next() < p };
}

const random = seededRandom(42);
const BATCH = 1000;

const brandStarts = ['Hub', 'Mail', 'Pipe', 'Flow', 'Lead', 'Sales', 'Brand', 'Pixel', 'Cloud', 'Data', 'Task', 'Chat', 'Social', 'Ad', 'Report'];
const brandEnds = ['Spot', 'Chimp', 'Drive', 'Stack', 'Forge', 'Base', 'Desk', 'Loop', 'Wise', 'Pilot', 'Metrics', 'Press'];
const products = ['CRM', 'Suite', 'Studio', 'Analytics', 'Automation', 'Manager', 'Planner', 'Audit', 'Campaigns', 'SEO'];
const topics = ['email marketing', 'lead generation', 'sales pipelines', 'social media', 'search rankings', 'client reporting', 'brand design', 'content calendars', 'paid ads', 'customer support'];
const tagPool = ['crm', 'email', 'seo', 'ppc', 'analytics', 'automation', 'design', 'social', 'content', 'reporting', 'white-label', 'agency'];

async function fill(db: Database) {
  const providerIds = Array.from({ length: 200 }, () => random.uuid());
  await db.insert(users).values(
    providerIds.map((id, n) => ({ id, slug: `provider-${n}`, email: `provider-${n}@bench.test`, firstName: 'Bench', lastName: `Provider ${n}`, isProvider: true })),
  );

  const categoryIds: Record<'tools' | 'services', number[]> = { tools: [], services: [] };
  for (const type of ['tools', 'services'] as const) {
    for (let n = 0; n < 10; n++) {
      const [parent] = await db.insert(categories).values({ type, name: `${type} ${n}`, slug: `${type}-${n}` }).returning({ id: categories.id });
      const children = await db
        .insert(categories)
        .values([1, 2].map((child) => ({ type, name: `${type} ${n}.${child}`, slug: `${type}-${n}-${child}`, parentId: parent!.id })))
        .returning({ id: categories.id });
      categoryIds[type].push(parent!.id, ...children.map((c) => c.id));
    }
  }

  for (let start = 0; start < listingCount; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, listingCount - start) }, (_, i) => {
      const n = start + i;
      const type = random.chance(0.6) ? ('services' as const) : ('tools' as const);
      const title = `${random.pick(brandStarts)}${random.pick(brandEnds)} ${random.pick(products)}`;
      const topic = random.pick(topics);
      return {
        type,
        slug: `listing-${n}`,
        title,
        shortDescription: `${title} for ${topic}.`,
        description: `A ${random.pick(products).toLowerCase()} that helps agencies with ${topic} and ${random.pick(topics)}. Built for teams who resell ${random.pick(topics)}.`,
        tags: random.sample(tagPool, random.int(1, 4)),
        categoryId: random.pick(categoryIds[type]),
        providerId: random.pick(providerIds),
        price: random.chance(0.9) ? String(random.int(20, 5000)) : null,
        priceType: type === 'services' ? random.pick(['fixed', 'monthly', 'hourly'] as const) : null,
        deliveryTime: type === 'services' ? random.int(1, 30) : null,
        rating: random.chance(0.7) ? Math.round((2 + random.next() * 3) * 10) / 10 : 0,
        isFeatured: random.chance(0.03),
        status: random.chance(0.9) ? ('approved' as const) : random.pick(['pending', 'rejected'] as const),
        createdAt: new Date(Date.UTC(2024, 0, 1) + random.int(0, 700) * 86_400_000),
      };
    });
    await db.insert(listings).values(rows);
  }
  return categoryIds;
}

async function time(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!.toFixed(1);
  console.log(`${label.padEnd(44)} p50 ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms`);
}

const database = await openDatabase({});
await database.migrate();
const filling = performance.now();
const categoryIds = await fill(database.db);
// A PostgreSQL server's autovacuum would do this soon after a bulk load; PGlite has no autovacuum,
// and without statistics the planner ignores the search indexes.
await database.db.execute(sql`vacuum analyze`);
console.log(`Filled ${listingCount} listings (then VACUUM ANALYZE) in ${((performance.now() - filling) / 1000).toFixed(1)} s; ${runs} runs per query.\n`);

const page = (query: Record<string, string>) => findCataloguePage(database.db, 'services', listingQuerySchema.parse(query));
const topCategory = String(categoryIds.services[0]);

await time('list, default order (featured, newest)', () => page({}));
await time('list, filtered (category tree, price, rating, days)', () =>
  page({ categoryId: topCategory, minPrice: '100', maxPrice: '2000', rating: '3', deliveryTime: '1,2,3,4,5,6,7' }),
);
await time('list, page 40 (offset 960)', () => page({ offset: '960' }));
await time('search "email marketing"', () => page({ search: 'email marketing' }));
await time('search "hubspot crm"', () => page({ search: 'hubspot crm' }));
await time('misspelt search "hubspt"', () => page({ search: 'hubspt' }));
await time('search + filters "seo" under $500', () => page({ search: 'seo', maxPrice: '500' }));
await time('trending services (top 12)', () => findTrendingServices(database.db, 12));

const sample = await page({ search: 'hubspt', limit: '3' });
console.log(`\n"hubspt" finds ${sample.total} listings, first: ${sample.rows.map((row) => row.listing.title).join(', ')}`);
await database.close();
