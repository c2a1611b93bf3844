import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type CountingRow, countingTable } from './counting';
import { type LongTailRows, longTailTable } from './long-tail';

type Load = { rps: number; p50: number; p99: number };
/** CPU milliseconds a search cost the server and the database's backends; undefined where not measured. */
export type SearchCpu = { serverMs?: number; databaseMs?: number };

/** What a search cost in CPU, in words. PGlite runs inside the server: its share is the server's. */
export function cpuText({ serverMs, databaseMs }: SearchCpu, engine: 'postgres' | 'pglite'): string {
  if (serverMs === undefined) return 'CPU a search not measured (no /proc)';
  if (engine === 'pglite') return `CPU a search: the server with its embedded database ${serverMs.toFixed(2)} ms`;
  const database = databaseMs === undefined ? 'the database not measured (not on this machine)' : `the database ${databaseMs.toFixed(2)} ms`;
  return `CPU a search: the server ${serverMs.toFixed(2)} ms, ${database}`;
}
export type BenchReport = {
  engine: 'postgres' | 'pglite';
  listings: number;
  seedSeconds: number;
  startupMs: number;
  seconds: number;
  /** How many times each single-user read was timed, one request at a time. */
  /** How long one user asked for each row's reads (bench.ts). */
  singleUserSeconds: number;
  ceiling: Load;
  /** ratio: to the 11-byte ceiling; sameBytesRatio: to a bare server sending this answer's own bytes. */
  hotRows: (Load & { name: string; path: string; ratio: number; sameBytesRatio: number })[];
  /** Each with the same reads on a server whose read cache is off. */
  latencyRows: { name: string; queries: readonly string[]; p50: number; p95: number; uncached: { p50: number; p95: number } }[];
  mix: Load & { cpu: SearchCpu };
  uncachedMix: Load & { cpu: SearchCpu };
  /** Every request distinct (long-tail.ts), cache on and off. */
  longTail?: { cached: LongTailRows; uncached: LongTailRows };
  typoRanks: { typo: string; found: boolean }[];
  /** The counted pages with the daily figures' counting on and off. */
  counting?: CountingRow[];
  memory: { rssMb: number; peakMb: number } | undefined;
  machine: string;
};

const DOCS = 'docs/benchmarks.md';
const ms = (value: number) => `${value.toFixed(1)} ms`;

export function formatReport(r: BenchReport): string {
  const engine = r.engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const lines = [
    `### ${engine}, ${r.listings.toLocaleString('en-US')} listings`,
    '',
    `${new Date().toISOString().slice(0, 10)}; ${r.machine}. Seeded in ${r.seedSeconds.toFixed(0)} s; the compiled server answered ${(r.startupMs / 1000).toFixed(1)} s after it was started; load runs of ${r.seconds} s at 10 connections (wrk, one thread), LOG_LEVEL=warn.`,
    '',
    '| hot read (10 connections) | req/s | ratio to bare node:http (11-byte body) | ratio to bare node:http sending the same bytes | p99 |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| bare node:http, fixed 11-byte body (the ceiling) | ${Math.round(r.ceiling.rps)} | 1.00x | | ${ms(r.ceiling.p99)} |`,
    ...r.hotRows.map(
      (row) =>
        `| ${row.name} \`${row.path.replace(/\/service\/.+/, '/service/{slug}')}\` | ${Math.round(row.rps)} | ${row.ratio.toFixed(2)}x | ${row.sameBytesRatio.toFixed(2)}x | ${ms(row.p99)} |`,
    ),
    '',
    `Single user: each row's reads in turn for ${r.singleUserSeconds} s, one request at a time on one connection (wrk, compression accepted as a browser accepts it), after a warm-up of all of them at 10 connections.`,
    '',
    '| single user | p50 | p95 | p50, cache off | p95, cache off |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...r.latencyRows.map((row) => `| ${row.name} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.uncached.p50)} | ${ms(row.uncached.p95)} |`),
    '',
    `Search mix at 10 connections (the searches above in turn): ${Math.round(r.mix.rps)} req/s, p50 ${ms(r.mix.p50)}, p99 ${ms(r.mix.p99)}; with the read cache off (READ_CACHE_SECONDS=0): ${Math.round(r.uncachedMix.rps)} req/s, p50 ${ms(r.uncachedMix.p50)}, p99 ${ms(r.uncachedMix.p99)}, ${cpuText(r.uncachedMix.cpu, r.engine)}.`,
    ...(r.longTail ? [...longTailTable(r.longTail), ''] : []),
    ...(r.counting ? [...countingTable(r.counting).slice(r.longTail ? 1 : 0), ''] : []),
    `Typos finding their tool in the first 3: ${r.typoRanks.map((t) => `'${t.typo}' ${t.found ? 'yes' : 'no'}`).join(', ')}.`,
    `Server memory after the runs: ${r.memory ? `${r.memory.rssMb} MB RSS (peak ${r.memory.peakMb} MB)` : 'not measured (no /proc)'}.`,
  ];
  return lines.join('\n');
}

/** Prints the table and replaces this engine and size's section of docs/benchmarks.md. */
export function writeReport(report: BenchReport, { toDocs, log }: { toDocs: boolean; log: (line: string) => void }) {
  const text = formatReport(report);
  log(`\n${text}\n`);
  // PostgreSQL's figures are the ones recorded (docs/benchmarks.md stays a page of current figures); PGlite's are printed.
  if (!toDocs || report.engine !== 'postgres') return;
  const start = `<!-- bench:${report.engine}:${report.listings} -->`;
  const end = `<!-- /bench:${report.engine}:${report.listings} -->`;
  const section = `${start}\n${text}\n${end}`;
  const current = existsSync(DOCS) ? readFileSync(DOCS, 'utf8') : '# Benchmarks\n\nWritten by `npm run bench` (bench/bench.ts); notes by hand around each table.\n';
  const at = current.indexOf(start);
  const next = at >= 0 ? current.slice(0, at) + section + current.slice(current.indexOf(end) + end.length) : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(DOCS, next);
  log(`Written to ${DOCS}.`);
}
