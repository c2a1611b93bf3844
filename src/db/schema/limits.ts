import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters shared by every server on the database (fixed windows): one row per limit and
 * address or account, e.g. 'POST /api/login|203.0.113.7'. Rows past reset_at are deleted in passing.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);

/**
 * Failed sign-ins per e-mail address (lower-cased, whether or not an account has it, so the answers
 * reveal nothing): the backoff before the next attempt, and the lock once there were too many.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('login_throttles_last_failure_at_idx').on(t.lastFailureAt)],
);
