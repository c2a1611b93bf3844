import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../../db/client';
import { countHit } from './rate-limit.queries';

type RouteParams = { name?: string; groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL (or PGlite), so N servers
 * give an attacker the same number of attempts as one. Each route (or named limit) counts in its
 * own namespace: the plugin only hands the store the visitor's key.
 */
export function postgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly namespace = 'global') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number) {
      countHit(db, `${this.namespace}|${key}`, timeWindow ?? 60_000).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new PostgresRateLimitStore(namespaceOf(routeOptions as RouteParams));
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** A named limit keeps its name; a route's own limit is named after the route; routes sharing a groupId share counters. */
function namespaceOf({ name, groupId, routeInfo }: RouteParams): string {
  if (name) return name;
  if (groupId) return 'group';
  const method = Array.isArray(routeInfo?.method) ? routeInfo.method.join(',') : routeInfo?.method;
  return `${method ?? 'ANY'} ${routeInfo?.url ?? ''}`;
}
