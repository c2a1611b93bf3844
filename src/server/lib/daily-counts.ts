import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/** The daily figures counted in memory and added to the database in batches (the others are counted by triggers). */
export const batchedFigures = ['views', 'uniqueVisitors', 'websiteClicks', 'searchAppearances', 'categoryAppearances'] as const;
export type BatchedFigure = (typeof batchedFigures)[number];

/** One listing's counts for one UTC day ('YYYY-MM-DD'). */
export type DailyCountRow = { listingId: number; day: string } & Record<BatchedFigure, number>;

/** A batch of counts and the id that lets the database refuse it a second time. */
export type DailyCountBatch = { id: string; rows: DailyCountRow[] };

export type DailyCounts = {
  /** Adds `n` to a listing's figure for the day of `at`; costs a map update, never a query. */
  add(listingId: number, figure: BatchedFigure, at?: Date, n?: number): void;
  /**
   * What counts one sending of a page of results: one `figure` for each of `listingIds`, on the UTC day it
   * is sent. Undefined when counting is off. See `Servings` for why a sending costs an increment.
   */
  pageServings(listingIds: readonly number[], figure: BatchedFigure): (() => void) | undefined;
  /** Writes what has been counted so far (a failed batch stays for the next flush, under its id). */
  flush(): Promise<void>;
  /** Rows waiting to be written (tests, logs); a sent page not yet flushed counts a row per listing it shows. */
  pending(): number;
};

/** Past this many waiting rows (the database has been down a while), new counts are dropped, not held. */
const MAX_PENDING_ROWS = 200_000;
/** Rows per statement. */
const BATCH_ROWS = 2_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * How many times one page of results was sent on one UTC day since the last flush. A cached page is
 * sent thousands of times a second, and adding to each of its 24 listings every time cost a cached
 * search page a tenth of its throughput: a sending only adds one to `times`, and the flush, off the
 * request path, adds `times` to each listing. Registered with the batcher when `times` goes from 0
 * to 1, so the flush visits only the pages sent since the last one.
 */
type Servings = { listingIds: readonly number[]; figure: BatchedFigure; day: string; dayEnds: number; times: number };

/**
 * Counts in memory, written every few seconds by one statement per batch (docs/decisions/daily-figures.md).
 * Each server adds only its own counts, as increments, so servers sharing a database never
 * overwrite each other. A batch keeps its id until the database has taken it: a write whose answer
 * was lost is retried under the same id and refused if it had in fact committed. A crash loses at
 * most the counts since the last write (the interval); a kill during a write loses that batch or
 * not, never counts it twice.
 */
export function createDailyCounts({
  write,
  enabled = true,
  log,
  now = Date.now,
}: {
  write: (batch: DailyCountBatch) => Promise<void>;
  enabled?: boolean;
  log?: FastifyBaseLogger;
  /** The clock (tests move it across midnight). */
  now?: () => number;
}): DailyCounts {
  let counts = new Map<string, DailyCountRow>();
  /** Pages sent since the last flush, each once (with its count of sendings). */
  let served: Servings[] = [];
  /** Batches taken from `counts` and not yet written, oldest first. */
  const unwritten: DailyCountBatch[] = [];
  /** Writes run one after another: a flush waits for the one under way, then writes what came since. */
  let chain: Promise<void> = Promise.resolve();
  let dropped = 0;

  const take = () => {
    const rows = [...counts.values()].sort((a, b) => a.listingId - b.listingId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    counts = new Map();
    // Rows in one order on every server: two batches upserting the same rows cannot deadlock.
    for (let i = 0; i < rows.length; i += BATCH_ROWS) unwritten.push({ id: randomUUID(), rows: rows.slice(i, i + BATCH_ROWS) });
  };

  const writeAll = async () => {
    take();
    while (unwritten.length > 0) {
      await write(unwritten[0]!);
      unwritten.shift();
    }
    if (dropped > 0) {
      log?.warn({ dropped }, 'daily figures: counts dropped while the database was unreachable');
      dropped = 0;
    }
  };

  const addOnDay = (listingId: number, figure: BatchedFigure, day: string, n: number) => {
    const key = `${listingId}|${day}`;
    let row = counts.get(key);
    if (!row) {
      if (counts.size + unwritten.length * BATCH_ROWS >= MAX_PENDING_ROWS) {
        dropped += n;
        return;
      }
      row = { listingId, day, views: 0, uniqueVisitors: 0, websiteClicks: 0, searchAppearances: 0, categoryAppearances: 0 };
      counts.set(key, row);
    }
    row[figure] += n;
  };

  /** Turns the pages sent since the last flush into their listings' counts (bounded as any count by MAX_PENDING_ROWS). */
  const expandServings = () => {
    const pages = served;
    served = [];
    for (const page of pages) {
      for (const listingId of page.listingIds) addOnDay(listingId, page.figure, page.day, page.times);
      page.times = 0;
    }
  };

  return {
    add(listingId, figure, at = new Date(now()), n = 1) {
      if (enabled) addOnDay(listingId, figure, utcDay(at), n);
    },

    pageServings(listingIds, figure) {
      if (!enabled) return undefined;
      let current: Servings | undefined;
      return () => {
        const at = now();
        // A sending counts on the day it happens: past midnight the page starts a new day's count,
        // and the flush writes the old one to the day before.
        if (current === undefined || at >= current.dayEnds) {
          current = { listingIds, figure, day: utcDay(new Date(at)), dayEnds: (Math.floor(at / DAY_MS) + 1) * DAY_MS, times: 0 };
        }
        if (current.times++ === 0) served.push(current);
      };
    },

    flush() {
      // Now, not when the write under way is done: while the database hangs, what was sent still
      // moves into the rows that MAX_PENDING_ROWS bounds.
      expandServings();
      const turn = chain.then(writeAll);
      chain = turn.catch(() => undefined);
      return turn;
    },

    pending: () => counts.size + unwritten.reduce((sum, batch) => sum + batch.rows.length, 0) + served.reduce((sum, page) => sum + page.listingIds.length, 0),
  };
}
