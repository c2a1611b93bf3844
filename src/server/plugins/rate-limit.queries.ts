import { lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rateLimitCounters } from '../../db/schema/limits';

/**
 * Counts one hit against `key` in a fixed window that starts at the key's first hit, in one atomic
 * upsert, so servers sharing the database count together. The database's clock decides, not each
 * server's. Answers the hits so far in the window and the milliseconds until it ends. `count`: several
 * hits at once, as a server that adds up its own before writing them (plugins/public-read-limit.ts).
 */
export async function countHit(db: Executor, key: string, windowMs: number, count = 1): Promise<{ hits: number; ttlMs: number }> {
  const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const expired = sql`${rateLimitCounters.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: count, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${expired} then excluded.hits else ${rateLimitCounters.hits} + excluded.hits end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      ttlMs: sql<number>`greatest(0, extract(epoch from (${rateLimitCounters.resetAt} - now())) * 1000)`.mapWith(Number),
    });
  return row!;
}

/** Windows that have ended count for nothing; each server sweeps them now and then. */
export const deleteEndedCounters = (db: Executor) => db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetAt, sql`now()`));
