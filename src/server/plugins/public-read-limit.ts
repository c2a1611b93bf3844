import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../lib/app-error';
import { retryAfterSeconds } from '../lib/retry-after';
import { tooManyRequestsMessage } from './rate-limit';
import { countHit } from './rate-limit.queries';

const WINDOW_MS = 60_000;

/**
 * The header a server render's own API reads carry (pages/render-app.ts), with a value that never
 * leaves this process: the page they build was counted already, once.
 */
export const IN_PROCESS_HEADER = 'x-in-process-render';
export const inProcessToken = randomBytes(16).toString('hex');

/**
 * The limit on reads no cache answered: searches and filtered lists, through the API and as
 * server-rendered pages (docs/decisions/rate-limits.md, "Uncached public reads"). A visitor is
 * counted per address; a signed-in account, whose reads are never cached, per account with an
 * allowance of its own (accounts cost only a registration, so they must not read without end).
 *
 * Counted in the database like the other limits, so it holds across servers, but not one round
 * trip per read: each server adds up an address's reads itself and writes them to the shared
 * counter in steps of `batch`, learning the others' total as it does. An address may so get past
 * the limit by at most (servers x batch) reads in a window; nobody browsing comes near it.
 */
export type PublicReadLimit = {
  /** Seconds to wait when this read is one too many for its address; undefined when it may go on. */
  over(request: FastifyRequest): Promise<number | undefined>;
  /** The same as an AppError (429 with Retry-After), for the API. */
  check(request: FastifyRequest): Promise<void>;
};

type Tally = {
  /** The window's hits on every server, as of this server's last write. */
  shared: number;
  /** This server's hits not written yet. */
  pending: number;
  /** When the window ends, by this server's clock (from the database's answer). */
  resetAt: number;
  /** A write under way: reads meanwhile only add to `pending`. */
  writing?: Promise<void>;
};

/** Addresses kept in memory before ended windows are dropped. */
const SWEEP_AT = 10_000;

type Limits = {
  /** Per address, for visitors; 0: off. */
  perMinute: number;
  /** Per account, for signed-in readers; 0: off. */
  signedInPerMinute: number;
};

export function createPublicReadLimit(db: Database, { perMinute, signedInPerMinute }: Limits): PublicReadLimit {
  const tallies = new Map<string, Tally>();
  // One write per twentieth of the limit: 15 reads at the default of 300.
  const batchOf = (limit: number) => Math.max(1, Math.floor(limit / 20));

  const write = (key: string, tally: Tally) => {
    const hits = tally.pending;
    tally.pending = 0;
    tally.writing = countHit(db, key, WINDOW_MS, hits)
      .then(({ hits: shared, ttlMs }) => {
        tally.shared = shared;
        tally.resetAt = Date.now() + ttlMs;
      })
      .finally(() => {
        tally.writing = undefined;
      });
    return tally.writing;
  };

  const over = async (request: FastifyRequest): Promise<number | undefined> => {
    if (request.headers[IN_PROCESS_HEADER] === inProcessToken) return undefined;
    const limit = request.user ? signedInPerMinute : perMinute;
    if (limit === 0) return undefined;
    const key = request.user ? `signed-in-read:${request.user.id}` : `public-read:${request.ip}`;
    const now = Date.now();
    let tally = tallies.get(key);
    if (!tally || tally.resetAt <= now) {
      if (tallies.size >= SWEEP_AT) for (const [k, t] of tallies) if (t.resetAt <= now && !t.writing) tallies.delete(k);
      // A new window here: its first read learns the shared count before it is answered.
      tally = { shared: 0, pending: 1, resetAt: Number.POSITIVE_INFINITY };
      tallies.set(key, tally);
      await write(key, tally);
    } else {
      tally.pending += 1;
      if (tally.pending >= batchOf(limit) && !tally.writing) await write(key, tally);
    }
    if (tally.shared + tally.pending <= limit) return undefined;
    return retryAfterSeconds(tally.resetAt - Date.now());
  };

  return {
    over,
    async check(request) {
      const seconds = await over(request);
      if (seconds !== undefined) throw AppError.tooManyRequests(tooManyRequestsMessage(seconds), seconds);
    },
  };
}
