import { cpuSecondsBetween, cpuSecondsOf, startProductionServer } from './processes';
import { runWrk, timeOneAtATime } from './wrk';

/**
 * Whether counting the daily figures slows a page: the pages that count (a listing's, a search's,
 * a category's) on a server with COUNT_DAILY_FIGURES=true and on one with it false, the same
 * reads in the same order. Each page is timed one request at a time (p50, p95) and at 10
 * connections (requests per second, and the server's CPU per request, which another process's load
 * on a shared machine moves far less than it moves the rate). Every request carries a browser's user agent: a client
 * without one, or a bot, counts nothing, and would measure the batcher idle.
 */
export const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export type CountingPage = { name: string; path: string };
/** `cpuUs`: the server process's CPU (user and system, /proc) per request at 10 connections, in microseconds. */
export type CountingFigures = { p50: number; p95: number; rps: number; cpuUs: number };
export type CountingRow = CountingPage & { on: CountingFigures; off: CountingFigures };

type Options = { port: number; env: Record<string, string>; pages: CountingPage[]; seconds: number; log: (line: string) => void };

/**
 * The pages that count, on the catalogue the server at `base` serves: its first service's page, a
 * search for a common word, and the page of a category with subcategories (the bench's "parent").
 */
export async function countedPages(base: string): Promise<CountingPage[]> {
  const categories = (await (await fetch(`${base}/api/categories?type=services`)).json()) as { slug: string; id: number; parentId: number | null }[];
  const parent = categories.find((c) => categories.some((child) => child.parentId === c.id)) ?? categories[0]!;
  const [detail] = (await (await fetch(`${base}/api/services?limit=1`)).json()) as { slug: string }[];
  return [
    { name: 'listing page', path: `/service/${detail!.slug}` },
    { name: 'search page', path: '/services?search=seo' },
    { name: 'category page', path: `/category/${parent.slug}` },
  ];
}

async function measureServer(counting: boolean, { port, env, pages, seconds, log }: Options): Promise<CountingFigures[]> {
  const server = await startProductionServer(port, { ...env, COUNT_DAILY_FIGURES: String(counting) });
  try {
    const headers = { 'user-agent': browserAgent };
    const figures = [];
    for (const page of pages) {
      // Warm-up at load, as every hot read of the bench: the figure is the page, not the JIT.
      runWrk({ base: server.url, paths: [page.path], headers, connections: 10, seconds: Math.min(1, seconds) });
      const before = cpuSecondsOf([server.pid]);
      const load = runWrk({ base: server.url, paths: [page.path], headers, connections: 10, seconds });
      const cpuUs = (cpuSecondsBetween(before, cpuSecondsOf([server.pid])) * 1e6) / load.requests;
      const single = timeOneAtATime({ base: server.url, paths: [page.path], headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' }, seconds: Math.min(2, seconds) });
      figures.push({ ...single, rps: load.rps, cpuUs });
      // Every run's figures, not only the means: on a shared machine one run can be off by itself.
      log(`  counting ${counting ? 'on' : 'off'}, ${page.name}: p50 ${single.p50.toFixed(1)} ms, p95 ${single.p95.toFixed(1)} ms, ${Math.round(load.rps)} req/s, ${Math.round(cpuUs)} µs CPU a request`);
    }
    return figures;
  } finally {
    await server.stop();
  }
}

/** Each page's figures, the mean of two runs' (p50 and p95 from the runs' own, requests per second summed and halved). */
const meanOf = (a: CountingFigures[], b: CountingFigures[]): CountingFigures[] =>
  a.map((first, i) => ({ p50: (first.p50 + b[i]!.p50) / 2, p95: (first.p95 + b[i]!.p95) / 2, rps: (first.rps + b[i]!.rps) / 2, cpuUs: (first.cpuUs + b[i]!.cpuUs) / 2 }));

/**
 * Each setting measured twice, in the order on, off, off, on, so that neither gains from coming
 * second (a warmer database, a quieter minute): one on-then-off run gave the listing page 7.1 ms
 * p95 on against 4.6 off, and the same code measured on, off, off, on 7.8 against 10.0.
 */
export async function measureCounting(options: Options): Promise<CountingRow[]> {
  options.log('The counted pages with COUNT_DAILY_FIGURES=true, false, false, true...');
  const onFirst = await measureServer(true, options);
  const offFirst = await measureServer(false, options);
  const offSecond = await measureServer(false, options);
  const onSecond = await measureServer(true, options);
  const on = meanOf(onFirst, onSecond);
  const off = meanOf(offFirst, offSecond);
  const rows = options.pages.map((page, i) => ({ ...page, on: on[i]!, off: off[i]! }));
  for (const row of rows) {
    options.log(
      `${row.name}: counting on p95 ${row.on.p95.toFixed(1)} ms, ${Math.round(row.on.rps)} req/s, ${Math.round(row.on.cpuUs)} µs; off p95 ${row.off.p95.toFixed(1)} ms, ${Math.round(row.off.rps)} req/s, ${Math.round(row.off.cpuUs)} µs`,
    );
  }
  return rows;
}

/** The report's table: each page with counting on and off side by side. */
export function countingTable(rows: CountingRow[]): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const us = (value: number) => `${Math.round(value)} µs`;
  return [
    '',
    'Counting the daily figures on and off (COUNT_DAILY_FIGURES), a browser user agent on every request, read cache on: single user p50 and p95, and requests per second and the server\'s CPU per request at 10 connections, each the mean of two runs taken on, off, off, on.',
    '',
    '| counted page | p50, on | p95, on | req/s, on | CPU/req, on | p50, off | p95, off | req/s, off | CPU/req, off |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.name} \`${row.path.replace(/\/(service|category)\/.+/, '/$1/{slug}')}\` | ${ms(row.on.p50)} | ${ms(row.on.p95)} | ${Math.round(row.on.rps)} | ${us(row.on.cpuUs)} | ${ms(row.off.p50)} | ${ms(row.off.p95)} | ${Math.round(row.off.rps)} | ${us(row.off.cpuUs)} |`,
    ),
  ];
}
