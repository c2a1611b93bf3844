import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { listings } from './listings';
import { users } from './users';

/**
 * A member's claim of an unclaimed listing (docs/decisions/listing-claims.md): by a one-time link
 * sent to an address at the listing's website domain (`email`; the link's token is a user token of
 * purpose 'listing-claim', its hash kept here), or by evidence an administrator decides in the
 * claims queue. Approved, the listing passes to the claimant.
 */
export const listingClaims = pgTable(
  'listing_claims',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    claimantId: text('claimant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['email', 'evidence'] }).notNull(),
    /** The company address the link went to (method email), or the one the claimant gave (evidence). */
    email: text('email'),
    evidence: text('evidence'),
    tokenHash: text('token_hash'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    decidedById: text('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('listing_claims_listing_idx').on(t.listingId),
    index('listing_claims_claimant_idx').on(t.claimantId),
    // The claims queue: open evidence claims, oldest first.
    index('listing_claims_queue_idx').on(t.createdAt).where(sql`${t.status} = 'pending' and ${t.method} = 'evidence'`),
    uniqueIndex('listing_claims_token_unique').on(t.tokenHash),
    // One open evidence claim per member and listing: asking twice does not queue it twice.
    uniqueIndex('listing_claims_open_evidence_unique').on(t.listingId, t.claimantId).where(sql`${t.status} = 'pending' and ${t.method} = 'evidence'`),
    check('listing_claims_method_check', sql`${t.method} in ('email', 'evidence')`),
    check('listing_claims_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export type ListingClaimRow = typeof listingClaims.$inferSelect;
