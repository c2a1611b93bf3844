import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Background work claimed by one server at a time (e.g. 'screenshot:42:https://example.com/').
 * A claim runs out at claimed_until, so work whose server died is taken up by another.
 */
export const jobClaims = pgTable('job_claims', {
  key: text('key').primaryKey(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
});
