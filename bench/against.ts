/**
 * `npm run bench -- --against <git ref>`: the working tree and another commit side by side, as
 * ratios taken in one run (a shared machine's speed moves between days, not between minutes).
 *
 * The reference is checked out beside the working tree (a git worktree in a temporary directory;
 * the working tree's node_modules when both lock files are the same, else `npm ci`) and built.
 * A scratch database is seeded once by the working tree's code; on PostgreSQL each tree then reads
 * a copy of it made by its own migrations and filled with the same rows (reference-database.ts):
 * their schemas may differ, and both copies are alike fresh and compact. On PGlite both serve the
 * one database.
 * The servers run with the read cache and the read limits off: each figure is what a read costs
 * when no cache helps.
 * The two are measured in turns, round after round (which goes first alternates), and each
 * figure is the median of its rounds. A bare node:http server is measured in every round too,
 * so each side's throughput is also a share of what the machine can serve at all.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { longTailCategories, runLongTail } from './long-tail';
import { startBareServer, startProductionServer } from './processes';
import { copyForTree } from './reference-database';
import { createScratchDatabase, fillScratchDatabase, type ScratchDatabase } from './scratch-database';
import { runWrk, timeOneAtATime } from './wrk';

type Log = (line: string) => void;

/** Plain lists: no words, no filter. Every search pays at least what they cost (the cards' read). */
const plainLists = ['/api/services', '/api/tools'];
/** The benchmark's repeated searches (bench.ts), asked with the cache off. */
const searches = [
  '/api/services?search=seo',
  '/api/services?search=marketing',
  '/api/tools?search=marketing',
  '/api/services?search=podcast',
  '/api/tools?search=invoicing',
  '/api/services?search=email%20marketing%20retainer',
  '/api/tools?search=social%20media%20scheduling',
  '/api/tools?search=hubpsot',
  '/api/services?search=seo&whiteLabel=full',
  '/api/tools?search=marketing&minMargin=40',
];

function run(command: string, args: string[], cwd: string) {
  const done = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed`);
}

function git(args: string[]) {
  const done = spawnSync('git', args, { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`git ${args.join(' ')}: ${done.stderr.trim()}`);
  return done.stdout.trim();
}

/** The reference commit checked out and built in a temporary directory; `remove` takes it away. */
export function buildReference(ref: string, log: Log): { dir: string; commit: string; remove: () => void } {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-against-'));
  git(['worktree', 'add', '--detach', dir, commit]);
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const sameLock = readFileSync(path.join(dir, 'package-lock.json'), 'utf8') === readFileSync('package-lock.json', 'utf8');
    if (sameLock) symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    else {
      log(`${ref}: its package-lock.json differs, installing its own modules (npm ci)...`);
      run('npm', ['ci', '--no-audit', '--no-fund'], dir);
    }
    log(`Building ${ref} (${commit.slice(0, 10)}) in ${dir}...`);
    run('npx', ['vite', 'build', '--logLevel', 'warn'], dir);
    return { dir, commit, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** One side's figures in one round. */
type Figures = {
  plainListRps: number;
  plainListP95: number;
  searchP95: number;
  longTailRps: number;
  longTailP95: number;
};

async function measureSide(base: string, seconds: number): Promise<Figures> {
  const single = Math.max(1, Math.min(seconds, 2));
  // The JIT, the pool's connections and the database's pages, before anything is timed.
  runWrk({ base, paths: [...plainLists, ...searches], connections: 10, seconds: 1 });
  const plainList = runWrk({ base, paths: plainLists, connections: 10, seconds });
  const plainListP95 = timeOneAtATime({ base, paths: plainLists, seconds: single }).p95;
  const searchP95 = timeOneAtATime({ base, paths: searches, headers: { 'accept-encoding': 'gzip, deflate, br' }, seconds: single }).p95;
  const categories = await longTailCategories(base);
  const longTail = runLongTail(base, categories, 10, Math.max(2, seconds));
  const longTailSingle = runLongTail(base, categories, 1, Math.max(2, seconds));
  return { plainListRps: plainList.rps, plainListP95, searchP95, longTailRps: longTail.rps, longTailP95: longTailSingle.p95 };
}

/**
 * Database time over the search corpus: bench/search-explain.ts of each tree, run on the scratch
 * database (the best of 3 EXPLAIN ANALYZE of every statement each search sends, summed), over the
 * searches both trees' scripts list. PostgreSQL only (PGlite has no separate database process to
 * explain against the same way).
 */
function explainTimes(dir: string, scratch: ScratchDatabase): Map<string, number> {
  const done = spawnSync('npx', ['tsx', 'bench/search-explain.ts', '--runs', '3'], { cwd: dir, encoding: 'utf8', env: { ...process.env, DATABASE_URL: scratch.env.DATABASE_URL } });
  if (done.status !== 0) throw new Error(`search-explain in ${dir}: ${done.stderr}`);
  return parseExplainTimes(done.stdout);
}

/** search-explain.ts's lines, `search "seo" (services)   12.3 ms ...`, as each search's milliseconds. */
export function parseExplainTimes(output: string): Map<string, number> {
  const times = new Map<string, number>();
  for (const line of output.split('\n')) {
    const found = /^((?:search|list) ".*" \((?:services|tools)\))\s+([\d.]+) ms/.exec(line);
    if (found) times.set(found[1]!, Number(found[2]));
  }
  return times;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export type AgainstRow = { name: string; unit: string; current: number; reference: number };

/** The side-by-side table: each figure as new, old and new/old. */
export function againstTable(ref: string, rows: AgainstRow[]): string[] {
  const shown = (value: number, unit: string) => (unit === 'req/s' ? `${Math.round(value)} req/s` : unit === 'x' ? `${value.toFixed(3)}x` : `${value.toFixed(1)} ${unit}`);
  return [
    `| figure (read cache off) | working tree | ${ref} | new/old |`,
    '| --- | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.name} | ${shown(r.current, r.unit)} | ${shown(r.reference, r.unit)} | ${(r.current / r.reference).toFixed(2)} |`),
  ];
}

export async function benchAgainst({ ref, listings, seconds, rounds, log }: { ref: string; listings: number; seconds: number; rounds: number; log: Log }) {
  const reference = buildReference(ref, log);
  const scratch = await createScratchDatabase(process.env.DATABASE_URL);
  const copies = scratch.engine === 'postgres';
  const currentScratch = copies ? await createScratchDatabase(process.env.DATABASE_URL) : scratch;
  const referenceScratch = copies ? await createScratchDatabase(process.env.DATABASE_URL) : scratch;
  const port = 7100 + Math.floor(Math.random() * 800);
  try {
    log(`Seeding ${listings.toLocaleString('en-US')} listings into a scratch ${scratch.engine} database...`);
    await fillScratchDatabase(scratch, listings, log);
    if (copies) {
      await copyForTree(scratch, currentScratch, process.cwd(), log);
      await copyForTree(scratch, referenceScratch, reference.dir, log);
    }
    const cacheOff = { READ_CACHE_SECONDS: '0' };
    const sides = {
      current: { dir: process.cwd(), scratch: currentScratch, rounds: [] as Figures[] },
      reference: { dir: reference.dir, scratch: referenceScratch, rounds: [] as Figures[] },
    };
    const bare: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? (['current', 'reference'] as const) : (['reference', 'current'] as const);
      const bareServer = await startBareServer(port + 1);
      bare.push(runWrk({ base: bareServer.url, paths: ['/'], connections: 10, seconds }).rps);
      await bareServer.stop();
      for (const side of order) {
        // One server at a time: PGlite's data directory has one owner, and an idle server's
        // background jobs would weigh on the other's figures.
        const server = await startProductionServer(port, { ...sides[side].scratch.env, ...cacheOff }, sides[side].dir);
        try {
          const figures = await measureSide(server.url, seconds);
          sides[side].rounds.push(figures);
          log(`round ${round + 1}, ${side === 'current' ? 'working tree' : ref}: plain list ${Math.round(figures.plainListRps)} req/s, p95 ${figures.plainListP95.toFixed(1)} ms; searches p95 ${figures.searchP95.toFixed(1)} ms; long tail ${Math.round(figures.longTailRps)} req/s, p95 ${figures.longTailP95.toFixed(1)} ms`);
        } finally {
          await server.stop();
        }
      }
    }
    const of = (side: 'current' | 'reference', pick: (f: Figures) => number) => median(sides[side].rounds.map(pick));
    const row = (name: string, unit: string, pick: (f: Figures) => number): AgainstRow => ({ name, unit, current: of('current', pick), reference: of('reference', pick) });
    const bareRps = median(bare);
    const rows: AgainstRow[] = [
      row('plain list (no words, no filter), 10 connections', 'req/s', (f) => f.plainListRps),
      { name: `plain list as a share of bare node:http (${Math.round(bareRps)} req/s)`, unit: 'x', current: of('current', (f) => f.plainListRps) / bareRps, reference: of('reference', (f) => f.plainListRps) / bareRps },
      row('plain list, single user p95', 'ms', (f) => f.plainListP95),
      row('searches, single user p95', 'ms', (f) => f.searchP95),
      row('long tail (every request distinct), 10 connections', 'req/s', (f) => f.longTailRps),
      row('long tail, single user p95', 'ms', (f) => f.longTailP95),
      row('long tail p95 / plain list p95', 'x', (f) => f.longTailP95 / f.plainListP95),
    ];
    if (scratch.engine === 'postgres') {
      log('Database time over the search corpus (bench/search-explain.ts of each tree)...');
      const current = explainTimes(sides.current.dir, currentScratch);
      const old = explainTimes(reference.dir, referenceScratch);
      const both = [...current.keys()].filter((name) => old.has(name));
      const sum = (times: Map<string, number>) => both.reduce((total, name) => total + times.get(name)!, 0);
      if (both.length === 0) log('Database time: the two trees\' search-explain.ts printed no search in common; not compared.');
      else rows.push({ name: `database time over ${both.length} searches of the corpus (sum of EXPLAIN ANALYZE)`, unit: 'ms', current: sum(current), reference: sum(old) });
    } else log('Database time over the search corpus: PostgreSQL only (set DATABASE_URL).');
    log('');
    log(`${listings.toLocaleString('en-US')} listings on ${await scratch.described()}; ${rounds} rounds of ${seconds} s runs, medians; ${ref} is ${reference.commit.slice(0, 10)}.`);
    for (const line of againstTable(ref, rows)) log(line);
    return rows;
  } finally {
    await scratch.drop();
    if (copies) await Promise.all([currentScratch.drop(), referenceScratch.drop()]);
    reference.remove();
  }
}
