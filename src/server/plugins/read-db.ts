import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client';
import { REPLICA_STATE_TRUSTED_MS } from '../../db/read-replicas';
import type { Config } from '../config';

/**
 * Which database a public read goes to (docs/deploy.md#read-replicas). Public catalogue reads
 * (lists, searches, listing, provider and category pages, sitemaps) may be served by a replica a
 * moment behind the primary; a person who has just written reads the primary for a few seconds,
 * so they see their own write on whichever server their next request reaches: a signed cookie
 * set by every state-changing request says when they last wrote. Writes and a person's own
 * dashboards take `deps.db`, the primary, and never ask here.
 */
export type ReadDb = {
  /** For a public read made by this request. */
  for: (request: FastifyRequest) => Database;
  /** For a public read that is nobody's own (sitemaps, built once for every visitor). */
  anyone: Database;
};

/** The cookie that says when its holder last wrote (milliseconds since the epoch, signed). */
export const RECENT_WRITE_COOKIE = 'wrote';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Servers' clocks agree to well within this (NTP): a cookie from one is judged by another's clock. */
const CLOCK_MARGIN_MS = 1_000;

/**
 * How long after a write its author reads the primary: long enough for any replica the chooser
 * still uses to have replayed it. A fit replica was at most the lag bound behind at a check no
 * older than the state is trusted.
 */
export const readYourWritesMs = (config: Pick<Config, 'replicaMaxLagMs'>) => config.replicaMaxLagMs + REPLICA_STATE_TRUSTED_MS + CLOCK_MARGIN_MS;

export function createReadDb(database: Pick<DatabaseHandle, 'db' | 'reads' | 'replicas'>, config: Pick<Config, 'replicaMaxLagMs'>, now: () => number = Date.now): ReadDb {
  const { db, reads } = database;
  // Without replicas every public read is the primary's (on its pool with the public reads'
  // timeout): there is nothing to choose, and no cookie is read (nor set, below).
  if (!database.replicas) return { for: () => reads, anyone: reads };
  const windowMs = readYourWritesMs(config);
  return {
    for(request) {
      const cookie = request.cookies[RECENT_WRITE_COOKIE];
      if (cookie === undefined) return reads;
      const { valid, value } = request.unsignCookie(cookie);
      const wroteAt = valid && value !== null ? Number(value) : NaN;
      return Number.isFinite(wroteAt) && now() - wroteAt < windowMs ? db : reads;
    },
    anyone: reads,
  };
}

/**
 * Marks the author of every state-changing request (whatever its answer: a failed write may have
 * done part of its work elsewhere, and a few seconds on the primary cost little). Only when there
 * are replicas to avoid.
 */
export function registerReadYourWrites(app: FastifyInstance, database: Pick<DatabaseHandle, 'replicas'>, config: Pick<Config, 'replicaMaxLagMs' | 'secureCookies'>, now: () => number = Date.now) {
  if (!database.replicas) return;
  const maxAge = Math.ceil(readYourWritesMs(config) / 1000);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (WRITE_METHODS.has(request.method)) {
      reply.setCookie(RECENT_WRITE_COOKIE, String(now()), { signed: true, httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/', maxAge });
    }
    done(null, payload);
  });
}
