import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../lib/app-error';
import { retryAfterSeconds, waitText } from '../lib/retry-after';
import { runEvery } from '../lib/run-every';
import { postgresRateLimitStore } from './rate-limit-store';
import { deleteEndedCounters } from './rate-limit.queries';

/** How often each server deletes ended counters; rows left a little longer cost nothing. */
const SWEEP_EVERY_MS = 10 * 60_000;

export const tooManyRequestsMessage = (seconds: number) => `Too many requests. Please try again in ${waitText(seconds)}.`;

/**
 * Rate limits whose counters live in the database (rate-limit-store.ts), so they hold across every
 * server sharing it. Routes opt in with `config.rateLimit`; the 429 carries Retry-After and says
 * when to try again. See docs/decisions/rate-limits.md.
 */
export async function registerRateLimit(app: FastifyInstance, db: Database) {
  await app.register(fastifyRateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    errorResponseBuilder: (_request, context) => AppError.tooManyRequests(tooManyRequestsMessage(context.ttl / 1000), retryAfterSeconds(context.ttl)),
  });

  runEvery(app, SWEEP_EVERY_MS, () => deleteEndedCounters(db), 'could not delete old rate-limit counters; the next sweep tries again');
}

type NamedLimit = {
  /** Counters are kept per name: two limits must not share one. */
  name: string;
  max: number;
  timeWindow: string | number;
  /** Whom to count: an account, an e-mail address; undefined skips the limit for this request. */
  key: (request: FastifyRequest) => string | undefined;
};

/**
 * A second limit on a route that has one already (per address), keyed on something else, such as
 * the e-mail address a reset link goes to. Use it as a preHandler, once the body is parsed.
 */
export function namedLimit(app: FastifyInstance, { name, max, timeWindow, key }: NamedLimit) {
  const check = app.createRateLimit({ name, max, timeWindow, keyGenerator: (request) => key(request) ?? '' } as Parameters<FastifyInstance['createRateLimit']>[0]);
  return async (request: FastifyRequest) => {
    if (key(request) === undefined) return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw AppError.tooManyRequests(tooManyRequestsMessage(result.ttl / 1000), retryAfterSeconds(result.ttl));
  };
}
