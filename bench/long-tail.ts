import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serviceDeliverables, serviceTopics, tags, toolPrefixes, toolPurposes } from '../src/db/seed/bulk-vocabulary';
import { parseWrkOutput, WRK } from './wrk';

/**
 * The long tail: every request a search or list that no earlier request asked for, as crawlers and
 * many visitors typing their own words make, so no read cache can answer it. The repeated search
 * mix measures a cache (or, with it off, the same 17 plans over and over); this measures what an
 * unseen combination costs.
 *
 * wrk builds each path itself (its Lua `request()`), from a counter: a word or two from the bulk
 * generator's vocabulary, the type, and one of several filter shapes (a category, a rating, a
 * price range, a deeper page). Every path carries a price cap above every price (it excludes
 * nothing) that grows with the counter, so no two paths are equal however long the run.
 */

/** Lower-case words the generated catalogue contains, and a few beginnings of them (typing). */
export function longTailWords(): string[] {
  const phrases = [...serviceTopics, ...serviceDeliverables, ...toolPrefixes, ...toolPurposes, ...tags];
  const words = new Set<string>();
  for (const phrase of phrases) {
    for (const word of phrase.toLowerCase().split(/[^a-z0-9]+/)) {
      if (word.length >= 3) words.add(word);
      if (word.length >= 6) words.add(word.slice(0, 4));
    }
  }
  return [...words].sort();
}

export type LongTailCategories = { services: number[]; tools: number[] };

let nextStart = 1;

/**
 * The wrk script. `start`: the counter's first value; each run takes a new range, so a server
 * with its cache on never sees a path of an earlier run (its warm-up included). done() prints
 * the 50th, 95th and 99th percentiles in microseconds (wrk's own report has no 95th).
 */
export function longTailScript(categories: LongTailCategories, start: number): string {
  const lua = (values: (string | number)[]) => `{ ${values.map((v) => JSON.stringify(v)).join(', ')} }`;
  return `local words = ${lua(longTailWords())}
local categories = { services = ${lua(categories.services)}, tools = ${lua(categories.tools)} }
local ratings = { "3", "3.5", "4", "4.5" }
local i = ${start}
local function pick(list, n) return list[n % #list + 1] end
request = function()
  i = i + 1
  -- Six shapes in turn, each type in turn over them, the words stepping through the vocabulary.
  local n = math.floor(i / 6)
  local kind = (n % 2 == 0) and "services" or "tools"
  local word = pick(words, i * 7)
  -- Above every price (the largest generated is 6,000): excludes nothing, and makes this path unique.
  local cap = "maxPrice=" .. (100000 + i)
  local shape = i % 6
  local query
  if shape == 0 then
    query = "search=" .. word .. "&" .. cap
  elseif shape == 1 then
    query = "search=" .. word .. "%20" .. pick(words, n * 13 + 5) .. "&" .. cap
  elseif shape == 2 and #categories[kind] > 0 then
    query = "search=" .. word .. "&categoryId=" .. pick(categories[kind], n) .. "&" .. cap
  elseif shape == 3 then
    query = "search=" .. word .. "&rating=" .. pick(ratings, n) .. "&minPrice=" .. (n % 20) * 50 .. "&" .. cap
  elseif shape == 4 and #categories[kind] > 0 then
    query = "categoryId=" .. pick(categories[kind], n) .. "&minPrice=" .. (n % 10) * 100 .. "&" .. cap .. "&offset=" .. (n % 5) * 24
  else
    query = "search=" .. word .. "&" .. cap .. "&offset=" .. (n % 3 + 1) * 24
  end
  return wrk.format(nil, "/api/" .. kind .. "?" .. query)
end
done = function(summary, latency, requests)
  io.write(string.format("long-tail percentiles: %d %d %d\\n", latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;
}

export type LongTailResult = { rps: number; p50: number; p95: number; p99: number; requests: number };

/**
 * One run of distinct requests at `connections` (1: a single user, one request after another).
 * A measured run fails when nothing was answered in it; a warm-up (`measured: false`) may not be.
 */
export function runLongTail(base: string, categories: LongTailCategories, connections: number, seconds: number, measured = true): LongTailResult {
  const start = nextStart;
  // A run makes far fewer than ten million requests: the ranges never overlap.
  nextStart += 10_000_000;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-long-tail-'));
  try {
    const script = path.join(dir, 'long-tail.lua');
    writeFileSync(script, longTailScript(categories, start));
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '10s', '-s', script, `${base}/api/services`];
    const run = spawnSync(WRK, args, { encoding: 'utf8' });
    if (run.error || run.status !== 0) throw new Error(`wrk ${args.join(' ')}: ${run.error?.message ?? run.stderr}`);
    const load = parseWrkOutput(run.stdout, 'long tail');
    if (measured && load.requests === 0) throw new Error(`long tail: no answer within the run's ${seconds} s:\n${run.stdout}`);
    const mine = /long-tail percentiles: (\d+) (\d+) (\d+)/.exec(run.stdout);
    if (!mine && measured) throw new Error(`long tail: no percentiles from the script in wrk's report:\n${run.stdout}`);
    const [p50, p95, p99] = (mine?.slice(1) ?? ['0', '0', '0']).map((us) => Number(us) / 1000) as [number, number, number];
    return { rps: load.rps, requests: load.requests, p50, p95, p99 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type LongTailRows = { connections10: LongTailResult; singleUser: LongTailResult };

/** The categories of each type, for the filter shapes that name one. */
export async function longTailCategories(base: string): Promise<LongTailCategories> {
  const ids = async (type: string) => ((await (await fetch(`${base}/api/categories?type=${type}`)).json()) as { id: number }[]).map((c) => c.id);
  return { services: await ids('services'), tools: await ids('tools') };
}

/**
 * The long tail on one server: a warm-up of distinct requests (the JIT and the pool, not a cache:
 * the measured runs ask for other paths), then 10 connections, then a single user.
 */
export async function measureLongTail(base: string, seconds: number, log: (line: string) => void): Promise<LongTailRows> {
  const categories = await longTailCategories(base);
  runLongTail(base, categories, 10, Math.min(1, seconds), false);
  // At least 2 s: a smoke run's single second can end before a slow machine's first answers.
  const measured = Math.max(2, seconds);
  const connections10 = runLongTail(base, categories, 10, measured);
  const singleUser = runLongTail(base, categories, 1, measured);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  log(
    `long tail (every request distinct) at 10 connections: ${Math.round(connections10.rps)} req/s, p50 ${ms(connections10.p50)}, p95 ${ms(connections10.p95)}, p99 ${ms(connections10.p99)}; ` +
      `single user: ${Math.round(singleUser.rps)} req/s, p50 ${ms(singleUser.p50)}, p95 ${ms(singleUser.p95)}, p99 ${ms(singleUser.p99)}`,
  );
  return { connections10, singleUser };
}

/** The long tail's table, cache on and off, for the report. */
export function longTailTable({ cached, uncached }: { cached: LongTailRows; uncached: LongTailRows }): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const row = (name: string, r: LongTailResult) => `| ${name} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} |`;
  return [
    '',
    'Long tail: every request a search or list no earlier request asked for (a word or two from the generated vocabulary, and a category, rating, price range or deeper page), so no cache answers it (bench/long-tail.ts).',
    '',
    '| long tail (every request distinct) | req/s | p50 | p95 | p99 |',
    '| --- | ---: | ---: | ---: | ---: |',
    row('10 connections, cache on', cached.connections10),
    row('10 connections, cache off', uncached.connections10),
    row('single user, cache on', cached.singleUser),
    row('single user, cache off', uncached.singleUser),
  ];
}
