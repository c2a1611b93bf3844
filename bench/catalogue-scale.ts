/**
 * Times the catalogue's query functions on a database that is already filled (for instance with
 * `npm run seed:bulk -- --listings 100000`), one caller at a time and then 10 at once. The figures
 * it gave are in docs/benchmarks.md.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/catalogue-scale.ts [--runs 40]
 *   npx tsx bench/catalogue-scale.ts --pglite ./data/pglite [--runs 40]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/client';
import { findCataloguePage } from '../src/server/modules/listings/catalogue.queries';
import { trendingServices } from '../src/server/modules/listings/listings.service';
import { listingQuerySchema } from '../src/shared/schemas/listing-query';
import { categories } from '../src/db/schema/categories';
import { isNull, and, eq } from 'drizzle-orm';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '40' }, pglite: { type: 'string' } } });
const runs = Number(values.runs);
const url = process.env.DATABASE_URL;
if (!url && !values.pglite) throw new Error('Set DATABASE_URL or pass --pglite <data directory>');
const database = await openDatabase(values.pglite ? { dataDir: values.pglite } : { url: url! });
const { db } = database;

const percentile = (samples: number[], p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!;

async function time(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(`${label.padEnd(52)} p50 ${percentile(samples, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 0.95).toFixed(1).padStart(7)} ms`);
}

const page = (query: Record<string, string>) => findCataloguePage(db, 'services', listingQuerySchema.parse(query));
const [topCategory] = await db
  .select({ id: categories.id, name: categories.name })
  .from(categories)
  .where(and(eq(categories.type, 'services'), isNull(categories.parentId)))
  .limit(1);

for (const term of ['seo', 'marketing', 'crm', 'wordpress', 'agency']) await time(`search "${term}" (services)`, () => page({ search: term }));
for (const term of ['semush', 'hubpsot', 'klavyio', 'pipedirve']) {
  const type = 'tools'; // the demo catalogue's Semrush, HubSpot CRM, Klaviyo and Pipedrive
  await time(`typo "${term}" (${type})`, () => findCataloguePage(db, type, listingQuerySchema.parse({ search: term })));
  const found = await findCataloguePage(db, type, listingQuerySchema.parse({ search: term, limit: '3' }));
  console.log(`    first 3: ${found.rows.map((row) => row.listing.title).join(' | ') || '(nothing)'}; total ${found.total}`);
}
await time('search "a" (one letter)', () => page({ search: 'a' }));
await time('search "seo" + maxPrice 500', () => page({ search: 'seo', maxPrice: '500' }));
await time('list, default order (featured, newest)', () => page({}));
await time(`category "${topCategory!.name}" with subcategories, page 1`, () => page({ categoryId: String(topCategory!.id) }));
await time('list, price 100-500', () => page({ minPrice: '100', maxPrice: '500' }));
await time('list, rating 4+', () => page({ rating: '4' }));
await time('list, delivery 1-3 days', () => page({ deliveryTime: '1,2,3' }));
await time('list, page 400 (offset 9576)', () => page({ offset: '9576' }));
await time('trending services (top 12)', () => trendingServices(db, 12));

// The search mix at 10 callers at once: throughput and tail latency of the query functions alone.
const mix = ['seo', 'marketing', 'crm', 'wordpress', 'agency', 'hubpsot', 'seo audit', 'email'];
const samples: number[] = [];
const until = performance.now() + 10_000;
let done = 0;
await Promise.all(
  Array.from({ length: 10 }, async (_, worker) => {
    for (let n = worker; performance.now() < until; n++) {
      const started = performance.now();
      await page({ search: mix[n % mix.length]! });
      samples.push(performance.now() - started);
      done++;
    }
  }),
);
samples.sort((a, b) => a - b);
console.log(`search mix, 10 at once for 10 s: ${(done / 10).toFixed(0)} req/s, p50 ${percentile(samples, 0.5).toFixed(1)} ms, p99 ${percentile(samples, 0.99).toFixed(1)} ms`);
await database.close();
