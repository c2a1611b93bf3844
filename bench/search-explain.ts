/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement the catalogue search sends, as it sends them: the
 * real query function runs once while node-postgres' queries are recorded, then each recorded
 * statement is explained `--runs` times (best planning + execution kept). Per search: the sum over
 * its statements of the best time, and the buffers (shared hit + read) of those runs. The figures
 * in docs/benchmarks.md were taken this way on databases filled with `npm run seed:bulk`.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/search-explain.ts [--runs 7] [--plans] [--only seo] [--matching sort=]
 *     [--search 'tools:cont auto&maxPrice=100'] (instead of the entries below; repeatable)
 *     [--repeatable-sample] (the filter sample drawn alike in every run, to compare two builds)
 *
 * An entry starting with "&" is a list without words (browsing /api/services or /api/tools).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { findCataloguePage } from '../src/server/modules/listings/catalogue.queries';
import { listingQuerySchema } from '../src/shared/schemas/listing-query';
import type { ListingType } from '../src/shared/types';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    plans: { type: 'boolean', default: false },
    only: { type: 'string' },
    matching: { type: 'string' },
    search: { type: 'string', multiple: true },
    'repeatable-sample': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL');

type Recorded = { text: string; values: unknown[] };
let recording: Recorded[] | undefined;
const query = pg.Pool.prototype.query as (...args: unknown[]) => unknown;
// Drizzle sends { text, values } objects; other callers are left alone.
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  const [config, params] = args as [{ text?: string; values?: unknown[] }, unknown];
  // The filter sample (filter-sample.queries.ts) is drawn at random by each process, so two runs
  // may estimate, and plan, a filtered search differently: drawn alike, two builds compare alike.
  if (values['repeatable-sample'] && typeof config === 'object' && config?.text?.includes(' tablesample system (')) {
    args[0] = { ...config, text: config.text.replace(/ tablesample system \(([^)]*)\)/, ' tablesample system ($1) repeatable (0)') };
  }
  if (recording && typeof config === 'object' && config?.text) {
    recording.push({ text: config.text, values: config.values ?? (Array.isArray(params) ? params : []) });
  }
  return query.apply(this, args);
} as typeof pg.Pool.prototype.query;

const database = await openDatabase({ url });
const explainer = new pg.Client({ connectionString: url });
await explainer.connect();

type Plan = { 'Planning Time': number; 'Execution Time': number; Plan: Record<string, unknown> };
const buffers = (plan: Record<string, unknown>) => Number(plan['Shared Hit Blocks'] ?? 0) + Number(plan['Shared Read Blocks'] ?? 0);

async function explain(statement: Recorded) {
  let best: { ms: number; buffers: number; plan: Plan } | undefined;
  // An estimate is itself an EXPLAIN, which reads nothing: its cost is its planning.
  const estimate = /^\s*explain \(format json\)/i.test(statement.text);
  for (let run = 0; run < runs; run += 1) {
    const text = estimate ? statement.text.replace(/explain \(format json\)/i, 'explain (format json, summary on)') : `explain (analyze, buffers, timing off, format json) ${statement.text}`;
    const result = await explainer.query(text, statement.values);
    const plan = (result.rows[0] as { 'QUERY PLAN': Plan[] })['QUERY PLAN'][0]!;
    const ms = plan['Planning Time'] + (plan['Execution Time'] ?? 0);
    if (!best || ms < best.ms) best = { ms, buffers: buffers(plan.Plan), plan };
  }
  return best!;
}

/** Each search as a type and a query string: words alone, then words under filters a visitor adds. */
const searches: [ListingType, string][] = [
  ['services', 'seo'],
  ['tools', 'marketing'],
  ['services', 'agency'],
  ['services', 'podcast'],
  ['tools', 'invoicing'],
  ['services', 'makeover'],
  ['services', 'email marketing retainer'],
  ['tools', 'social media scheduling'],
  ['tools', 'hubpsot'],
  ['tools', 'semush'],
  ['services', 's'],
  // Names typed with punctuation, run together or apart (docs/decisions/search-names.md).
  ['tools', 'monday.com'],
  ['tools', 'wpengine'],
  ['tools', 'active campaign'],
  // Under filters: a price cap that excludes nothing, a rating and price range, a category tree.
  ['services', 'seo&maxPrice=100123'],
  ['services', 'marketing&rating=4&minPrice=200'],
  ['tools', 'lead generation&maxPrice=100'],
  ['services', 'crm&categoryId=9'],
  ['services', 'marketing&categoryId=1'],
  ['tools', 'email&programme=referral,affiliate'],
  ['services', 'seo&minMargin=30'],
  // Partner-programme filters and sorts (docs/decisions/partner-programme-filters.md): browsing
  // (an entry starting with "&" has no words), then under a search word.
  ['services', '&programme=white_label_resale'],
  ['tools', '&programme=referral,affiliate'],
  ['services', '&whiteLabel=full'],
  ['tools', '&whiteLabel=partial'],
  ['services', '&minMargin=40'],
  ['tools', '&maxCommitment=0'],
  ['services', '&billing=provider_bills_client'],
  ['tools', '&trial=true'],
  ['services', '&territory=DE'],
  ['tools', '&verified=true'],
  ['services', '&sort=margin'],
  ['tools', '&sort=earnings'],
  ['services', '&sort=verified'],
  ['tools', '&sort=margin&whiteLabel=full'],
  ['services', 'seo&whiteLabel=full'],
  ['tools', 'marketing&minMargin=40'],
  ['services', 'agency&maxCommitment=0'],
  ['tools', 'email&billing=provider_bills_client'],
  ['services', 'seo&trial=true'],
  ['tools', 'crm&territory=DE'],
  ['services', 'marketing&verified=true'],
  ['services', 'seo&sort=margin'],
  ['tools', 'marketing&sort=earnings'],
  ['services', 'agency&sort=verified'],
];

const asked = (values.search ?? []).map((entry): [ListingType, string] => {
  const [type, search] = entry.split(/:(.*)/s) as [string, string];
  if (type !== 'services' && type !== 'tools') throw new Error(`--search ${entry}: start with services: or tools:`);
  return [type, search];
});

for (const [type, search] of asked.length > 0 ? asked : searches) {
  if (values.only !== undefined && search !== values.only) continue;
  if (values.matching !== undefined && !search.includes(values.matching)) continue;
  recording = [];
  const browsing = search.startsWith('&');
  const page = await findCataloguePage(database.db, type, listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(browsing ? search.slice(1) : `search=${search}`))));
  const statements = recording;
  recording = undefined;
  let ms = 0;
  let total = 0;
  const parts: string[] = [];
  for (const statement of statements) {
    const best = await explain(statement);
    ms += best.ms;
    total += best.buffers;
    parts.push(`${best.ms.toFixed(1)}`);
    if (values.plans && !/^\s*explain/i.test(statement.text)) {
      const text = await explainer.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
      console.log(text.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
    }
  }
  const shown = `${page.total}${page.totalExact ? '' : '+'}`;
  console.log(`${`${browsing ? 'list' : 'search'} "${search}" (${type})`.padEnd(44)} ${ms.toFixed(1).padStart(6)} ms ${String(total).padStart(7)} buffers  [${parts.join(' + ')}]  total ${shown}`);
}

await explainer.end();
await database.close();
