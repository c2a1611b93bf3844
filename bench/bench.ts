/**
 * `npm run bench [-- --listings 100000] [-- --smoke]`: the project's benchmark. On the
 * database configured (DATABASE_URL: a scratch database beside it; else PGlite in a temporary
 * directory) it seeds N listings with the bulk generator, starts the compiled production server
 * and measures: a bare node:http server (the ceiling), each hot read at 10 connections as a
 * ratio of it, single-user p50/p95 of varied searches and browse queries (partner-programme
 * filters and sorts among them), the search mix at 10 connections, and the server's memory; then the searches and browse queries again on a server
 * with the read cache off (READ_CACHE_SECONDS=0), which is what a query costs when it is no repeat,
 * with the CPU each search of that mix cost the server and the database's backends (/proc); and the
 * pages that count daily figures (a listing's, a search's, a category's) with COUNT_DAILY_FIGURES=true
 * and false. It prints a table and, unless --smoke, writes it into docs/benchmarks.md. --smoke (2,000 listings, short runs) only proves the benchmark still works.
 * --only counting measures the counted pages alone on DATABASE_URL's database as it is (measureCountingOnly).
 * --against <git ref> [--rounds 3] builds that commit beside the working tree and measures both on the
 * same rows, in turns, printing each figure as new/old (against.ts); nothing is written.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type BareAnswer, cpuSecondsBetween, cpuSecondsOf, memoryOf, startBareServer, startProductionServer } from './processes';
import { createScratchDatabase, fillScratchDatabase } from './scratch-database';
import { benchAgainst } from './against';
import { countedPages, countingTable, measureCounting } from './counting';
import { measureLongTail } from './long-tail';
import { cpuText, writeReport } from './report';
import { runWrk, timeOneAtATime, wrkMissing } from './wrk';

const { values } = parseArgs({
  options: {
    listings: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    only: { type: 'string' },
    against: { type: 'string' },
    rounds: { type: 'string', default: '3' },
  },
});
const smoke = values.smoke!;
const listings = Number(values.listings ?? (smoke ? 2_000 : 100_000));
const seconds = Number(values.seconds ?? (smoke ? 1 : 5));
/** How long one user asks for each row's reads in turn (single-user p50 and p95). */
const singleUserSeconds = smoke ? 1 : 2;
const rounds = Number(values.rounds);
if (!Number.isInteger(listings) || listings < 1 || !(seconds > 0) || !(Number.isInteger(rounds) && rounds >= 1) || (values.only !== undefined && values.only !== 'counting')) {
  console.error('Usage: npm run bench -- [--listings <count>] [--seconds <per load run>] [--smoke] [--only counting] [--against <git ref> [--rounds <n>]]');
  process.exit(1);
}

const log = (line: string) => console.log(line);
const serverUrl = process.env.DATABASE_URL;

/**
 * Requests per second at 10 connections, and latency percentiles, after a one-second warm-up on
 * the same paths: the figure is the hot read, not the JIT compiling it or the cache's first fill
 * (the first read measured after start-up used to carry both).
 */
function load(base: string, paths: string[], headers: Record<string, string> = {}) {
  warmUp(base, paths, headers);
  return runWrk({ base, paths, headers, connections: 10, seconds });
}

/** A second (or less) of the same load, before one that is measured. */
function warmUp(base: string, paths: string[], headers: Record<string, string> = {}) {
  runWrk({ base, paths, headers, connections: 10, seconds: Math.min(1, seconds) });
}

/**
 * An answer's bytes as they go over the wire (still compressed: fetch would decode them) and the
 * headers it went out with.
 */
function rawAnswer(url: string, headers: Record<string, string> = {}): Promise<BareAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          // Every header the server sent (a page's security headers are a kilobyte), but those
          // node:http writes itself: the same-bytes ceiling then sends exactly what the server did.
          const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
          const described = Object.fromEntries(Object.entries(res.headers).flatMap(([name, value]) => (own.has(name) || value === undefined ? [] : [[name, String(value)]])));
          resolve({ body: Buffer.concat(chunks), headers: described });
        });
      })
      .on('error', reject);
  });
}

/**
 * One user at a time: the paths in turn for a couple of seconds, one request after another on one
 * connection, as a browser asks (compression accepted); p50 and p95 over all of them, in ms.
 */
function timeSequentially(base: string, paths: string[]) {
  return timeOneAtATime({ base, paths, headers: { 'accept-encoding': 'gzip, deflate, br' }, seconds: singleUserSeconds });
}

// The common words include the five searches the goals name (services: seo, marketing, crm,
// wordpress, agency), and one of the tools'.
const searches = {
  'common word': [
    '/api/services?search=seo',
    '/api/services?search=marketing',
    '/api/services?search=crm',
    '/api/services?search=wordpress',
    '/api/services?search=agency',
    '/api/tools?search=marketing',
  ],
  'rare word': ['/api/services?search=podcast', '/api/tools?search=invoicing', '/api/services?search=makeover'],
  'several words': ['/api/services?search=email%20marketing%20retainer', '/api/tools?search=social%20media%20scheduling'],
  typo: ['/api/tools?search=semush', '/api/tools?search=hubpsot', '/api/tools?search=klavyio', '/api/tools?search=pipedirve'],
  // Letters that read: "s" and "a" are stop words, which a search answers without a
  // statement. "c" and "p" begin the most English words after "s".
  'one letter': ['/api/services?search=c', '/api/tools?search=p'],
};

/** The processes whose CPU a search costs: the server's, and its database's backends (none for PGlite, which runs inside the server). */
type SearchProcesses = { engine: 'postgres' | 'pglite'; server: number; backends: () => Promise<number[]> };

/**
 * The search mix at 10 connections, and the CPU each search cost the server and the database
 * (milliseconds per request, from /proc): which of the two a change saved, and whether the mix is
 * bound by the cores (requests per second times CPU per search near their number). Undefined where
 * a process's CPU cannot be read (no /proc, or a database on another machine).
 */
async function measureMix(base: string, processes: SearchProcesses) {
  const paths = Object.values(searches).flat();
  warmUp(base, paths);
  const backends = await processes.backends();
  const before = { server: cpuSecondsOf([processes.server]), database: cpuSecondsOf(backends) };
  const mix = runWrk({ base, paths, connections: 10, seconds });
  const after = { server: cpuSecondsOf([processes.server]), database: cpuSecondsOf(backends) };
  const perSearch = (from: Map<number, number>, to: Map<number, number>) => (to.size === 0 ? undefined : (cpuSecondsBetween(from, to) * 1000) / mix.requests);
  const cpu = { serverMs: perSearch(before.server, after.server), databaseMs: perSearch(before.database, after.database) };
  log(`search mix at 10 connections: ${Math.round(mix.rps)} req/s, p99 ${mix.p99.toFixed(1)} ms; ${cpuText(cpu, processes.engine)}`);
  return { ...mix, cpu };
}

/** Single-user latencies of the searches and browse queries, then the search mix at 10 connections. */
async function measureReads(base: string, categoryIds: { parent: number; leaf: number }, processes: SearchProcesses) {
  const browse = {
    'default order': ['/api/services', '/api/tools'],
    filters: ['/api/services?minPrice=100&maxPrice=2000&rating=0', '/api/tools?maxPrice=50'],
    'category with subcategories, page 1': [`/api/services?categoryId=${categoryIds.parent}`],
    // A common word in a small category, and in a category tree.
    'a search within a category': [`/api/services?search=seo&categoryId=${categoryIds.leaf}`, `/api/services?search=marketing&categoryId=${categoryIds.parent}`],
    'deep page': ['/api/services?offset=5000', '/api/tools?offset=2000'],
    trending: ['/api/services/trending?limit=50'],
  };
  // The partner-programme filters and sorts (docs/decisions/partner-programme-filters.md): alone,
  // and beside a common word. Not in the search mix, whose figures they would change.
  const programme = {
    'a filter': ['/api/services?whiteLabel=full', '/api/tools?minMargin=40'],
    'a sort': ['/api/services?sort=margin', '/api/tools?sort=earnings'],
    'a filter and a search word': ['/api/services?search=seo&whiteLabel=full', '/api/tools?search=marketing&minMargin=40'],
    'a sort and a search word': ['/api/services?search=seo&sort=margin', '/api/tools?search=marketing&sort=earnings'],
  };
  const groups = [
    ...Object.entries(searches).map(([k, v]) => [`search: ${k}`, v] as const),
    ...Object.entries(browse).map(([k, v]) => [`browse: ${k}`, v] as const),
    ...Object.entries(programme).map(([k, v]) => [`partner programme: ${k}`, v] as const),
  ];
  // Timed on a server that has been serving these reads, as the hot reads are (load's warm-up):
  // not on one just started, whose first requests also pay for compiling the code and opening
  // the pool's connections (the server with the read cache off is measured right after start).
  runWrk({ base, paths: groups.flatMap(([, paths]) => paths), connections: 10, seconds: smoke ? 1 : 2 });
  const latencyRows = [];
  // The smoke run times one row, enough to keep the timing working: wrk's shortest run is a
  // second, and every row's paths were answered 2xx in the warm-up above.
  for (const [group, queries] of smoke ? groups.slice(0, 1) : groups) {
    const result = timeSequentially(base, queries);
    latencyRows.push({ name: group, queries, ...result });
    log(`${group}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`);
  }
  const mix = await measureMix(base, processes);
  return { latencyRows, mix };
}

/**
 * `--only counting`: the counted pages with counting on and off, on the database DATABASE_URL names
 * as it is (migrated and seeded, e.g. by `npm run seed:bulk`): nothing seeded, nothing else measured,
 * docs/benchmarks.md left alone. For a change to counting, measured with the code before and after it.
 */
async function measureCountingOnly() {
  if (!serverUrl) {
    console.error('--only counting measures the database DATABASE_URL names, already seeded (npm run seed:bulk)');
    process.exit(1);
  }
  const env = { DATABASE_URL: serverUrl };
  const port = 7100 + Math.floor(Math.random() * 800);
  const lookup = await startProductionServer(port, env);
  const pages = await countedPages(lookup.url).finally(() => lookup.stop());
  const rows = await measureCounting({ port, env, pages, seconds, log });
  for (const line of countingTable(rows)) log(line);
}

async function main() {
  const missing = wrkMissing();
  if (missing) {
    // As the browser tests without Chromium: a notice on a developer's machine, a failure in CI.
    console.log(`The benchmark needs wrk: ${missing}.`);
    process.exit(smoke && process.env.CI !== 'true' ? 0 : 1);
  }
  // Compared with another commit, the working tree is built as it is now, whatever dist holds.
  if (values.against !== undefined || !existsSync('dist/server/server.js') || !existsSync('dist/web/index.html')) {
    log('Building the client and the server...');
    if (spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  if (values.only === 'counting') return measureCountingOnly();
  if (values.against !== undefined) return void (await benchAgainst({ ref: values.against, listings, seconds, rounds, log }));
  const scratch = await createScratchDatabase(serverUrl);
  // Not 6100-6900: fetch refuses the IRC ports 6665-6669, 6679 and 6697 (the Fetch standard's bad ports).
  const port = 7100 + Math.floor(Math.random() * 800);
  try {
    log(`Seeding ${listings.toLocaleString('en-US')} listings into a scratch ${scratch.engine} database...`);
    const seedStarted = performance.now();
    await fillScratchDatabase(scratch, listings, log);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const bare = await startBareServer(port + 1);
    const ceiling = load(bare.url, ['/']);
    await bare.stop();
    log(`bare node:http: ${Math.round(ceiling.rps)} req/s`);

    const server = await startProductionServer(port, scratch.env);
    try {
      const base = server.url;
      const categories = (await (await fetch(`${base}/api/categories?type=services`)).json()) as { id: number; slug: string; parentId: number | null }[];
      const parent = categories.find((c) => categories.some((child) => child.parentId === c.id)) ?? categories[0]!;
      // A category of its own, without subcategories: a small share of the services.
      const leaf = categories.find((c) => c.parentId === null && !categories.some((child) => child.parentId === c.id)) ?? parent;
      const [detail] = (await (await fetch(`${base}/api/services?limit=1`)).json()) as { slug: string }[];

      // What a browser sends: the answer goes out compressed.
      const browser = { 'accept-encoding': 'gzip, deflate, br' };
      const hot: [string, string, Record<string, string>?][] = [
        ['categories', '/api/categories'],
        ['featured services', '/api/services/featured'],
        ['featured tools', '/api/tools/featured'],
        ['trending', '/api/services/trending'],
        ['trending, compressed (Accept-Encoding: gzip, deflate, br)', '/api/services/trending', browser],
        ['home page HTML', '/'],
        ['home page HTML, compressed (Accept-Encoding: gzip, deflate, br)', '/', browser],
        ['service page HTML', `/service/${detail!.slug}`],
      ];
      const hotRows = [];
      for (const [name, path, headers] of hot) {
        const result = load(base, [path], headers);
        // The ceiling for this answer's own bytes: a bare server sending the same body and headers.
        const bareSame = await startBareServer(port + 1, await rawAnswer(base + path, headers));
        let sameBytes;
        try {
          sameBytes = load(bareSame.url, ['/'], headers);
        } finally {
          await bareSame.stop();
        }
        hotRows.push({ name, path, ...result, ratio: result.rps / ceiling.rps, sameBytesRatio: result.rps / sameBytes.rps });
        log(`${name}: ${Math.round(result.rps)} req/s (${(result.rps / ceiling.rps).toFixed(2)}x; ${(result.rps / sameBytes.rps).toFixed(2)}x of the same bytes)`);
      }

      const searchProcesses = (serverPid: number): SearchProcesses => ({ engine: scratch.engine, server: serverPid, backends: scratch.backends });
      const { latencyRows, mix } = await measureReads(base, { parent: parent.id, leaf: leaf.id }, searchProcesses(server.pid));
      const longTail = await measureLongTail(base, seconds, log);
      const typoRanks = [];
      const typos: [string, string][] = [['semush', 'semrush'], ['hubpsot', 'hubspot'], ['klavyio', 'klaviyo'], ['pipedirve', 'pipedrive']];
      for (const [typo, wanted] of typos) {
        const found = (await (await fetch(`${base}/api/tools?search=${typo}&limit=3`)).json()) as { title: string }[];
        typoRanks.push({ typo, found: found.some((l) => l.title.toLowerCase().includes(wanted)) });
      }

      const countingPages = await countedPages(base);
      const memory = memoryOf(server.pid);
      await server.stop();

      // The same reads with the read cache off: what a search or list costs when it is not a
      // repeat (an unusual query, or the first after a write), which the cached figures hide.
      log('The same reads with the read cache off (READ_CACHE_SECONDS=0)...');
      const uncachedServer = await startProductionServer(port, { ...scratch.env, READ_CACHE_SECONDS: '0' });
      const uncached = await measureReads(uncachedServer.url, { parent: parent.id, leaf: leaf.id }, searchProcesses(uncachedServer.pid))
        .then(async (reads) => ({ ...reads, longTail: await measureLongTail(uncachedServer.url, seconds, log) }))
        .finally(() => uncachedServer.stop());
      // The pages that count a view or an appearance, with counting on and off.
      const counting = await measureCounting({
        port,
        env: scratch.env,
        pages: countingPages,
        seconds,
        log,
      });
      const report = {
        engine: scratch.engine,
        listings,
        seedSeconds,
        startupMs: server.startupMs,
        seconds,
        singleUserSeconds,
        ceiling,
        hotRows,
        latencyRows: latencyRows.map((row, i) => ({ ...row, uncached: uncached.latencyRows[i]! })),
        mix,
        uncachedMix: uncached.mix,
        longTail: { cached: longTail, uncached: uncached.longTail },
        typoRanks,
        counting,
        memory,
        machine: `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GB, load average ${os.loadavg()[0]!.toFixed(1)} at the end; ${await scratch.described()}`,
      };
      writeReport(report, { toDocs: !smoke, log });
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
