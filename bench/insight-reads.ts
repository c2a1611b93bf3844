/**
 * `TEST_DB_ENGINE=postgres TEST_DATABASE_URL=postgres://… npx tsx bench/insight-reads.ts [--reads 15] [--others 9900] [--catalogue 100000]`:
 * how long the provider's insight screen takes to answer (GET /api/provider/insight, through the
 * app, read cache off), on a fresh database of its own (PGlite without TEST_DATABASE_URL):
 * - one listing over 365 days, in a category of 100 live listings with two years of figures each;
 * - all of a provider's 100 listings (that category) over 365 and over 30 days.
 * `--others N` adds N listings of other providers with two years of figures too, the provider's
 * listings spread evenly among them by id: a day's rows are written in listing order, so each of
 * the provider's rows lands on a table page of its own, as in a large catalogue (with 100 alone,
 * a day of theirs shares one or two pages). `--catalogue N` fills the catalogue up to N listings
 * with listings without figures. Prints the median and the slowest of N reads each
 * (docs/decisions/daily-figures.md).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { createCategory, createListing, createUser } from '../test/factories';
import { openTestDatabase } from '../test/test-database';

const { values } = parseArgs({
  options: { reads: { type: 'string', default: '15' }, others: { type: 'string', default: '0' }, catalogue: { type: 'string', default: '0' } },
});
const reads = Number(values.reads);
const others = Number(values.others);
const catalogue = Number(values.catalogue);
const LISTINGS = 100;
const DAYS = 730;

const database = await openTestDatabase();
// As production serves it: the test environment would also check each answer against its schema.
const app = await buildApp({ config: testConfig({ authRateLimitPerMinute: 1000, readCacheMaxAgeMs: 0, env: 'production' }), database });
await app.ready();
try {
  const { db } = database;
  const category = await createCategory(db);
  const provider = await createUser(app, db, { isProvider: true });
  const ids: number[] = [];
  const all: number[] = [];
  const otherCategory = await createCategory(db);
  const otherProvider = await createUser(app, db, { isProvider: true });
  // Other providers' listings, `count` in one statement.
  const addOthers = async (prefix: string, count: number) => {
    const { rows } = (await db.execute(sql`
      insert into listings (type, slug, title, description, status, provider_id, category_id)
      select 'services', ${prefix} || n, 'Other ' || n, 'Description', 'approved', ${otherProvider.id}, ${otherCategory.id}
      from generate_series(1, ${count}) n returning id`)) as { rows: { id: number }[] };
    return rows.map((row) => Number(row.id));
  };
  if (others > 0) {
    const spacing = Math.ceil(others / LISTINGS);
    // The provider's own listings between the others, evenly.
    for (let i = 0; i < LISTINGS; i += 1) {
      all.push(...(await addOthers(`other-${i}-`, Math.max(0, Math.min(spacing, others - i * spacing)))));
      const own = (await createListing(db, { providerId: provider.id, categoryId: category.id })).id;
      ids.push(own);
      all.push(own);
    }
  } else {
    for (let i = 0; i < LISTINGS; i += 1) ids.push((await createListing(db, { providerId: provider.id, categoryId: category.id })).id);
    all.push(...ids);
  }
  if (catalogue > all.length) await addOthers('quiet-', catalogue - all.length);
  // Two years of figures, written day by day across every listing in listing order, as the batchers write them.
  await db.execute(sql`
    insert into listing_daily_figures (listing_id, day, views, unique_visitors, leads, search_appearances)
    select l, (current_date - d)::date, (random() * 200)::int, (random() * 80)::int, (random() * 4)::int, (random() * 500)::int
    from generate_series(${DAYS - 1}, 0, -1) d, unnest(${sql.raw(`array[${all.join(',')}]`)}::int[]) l
    order by d desc, l`);
  // Days past are vacuumed by autovacuum in a running database (all-visible pages); today's rows are not.
  await db.execute(sql`vacuum analyze listing_daily_figures`);
  await db.execute(sql`analyze listings`);

  const time = async (name: string, url: string) => {
    const times: number[] = [];
    await app.inject({ url, headers: { cookie: provider.cookie } }); // warm-up
    for (let i = 0; i < reads; i += 1) {
      const started = performance.now();
      const res = await app.inject({ url, headers: { cookie: provider.cookie } });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    }
    times.sort((a, b) => a - b);
    console.log(`${name}: median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms (${reads} reads)`);
  };
  console.log(
    `${process.env.TEST_DB_ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${Math.max(catalogue, all.length)} listings, ${all.length} of them with figures × ${DAYS} days, the provider's ${LISTINGS} among them`,
  );
  await time('one listing, 365 days, with its category of 100', `/api/provider/insight?range=365&listing=${ids[0]}`);
  await time('all 100 listings, 365 days', '/api/provider/insight?range=365');
  await time('all 100 listings, 30 days', '/api/provider/insight?range=30');
} finally {
  await app.close();
  await database.close();
}
