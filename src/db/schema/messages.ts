import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { listings } from './listings';
import { users } from './users';

/** The site's contact form (kind 'site') and members' inquiries about a service (kind 'listing'). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['site', 'listing'] }).notNull(),
    // A lead outlives the listing it was about: the provider still needs to answer it.
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    // The provider a listing inquiry is for; null for site messages (they go to administrators).
    recipientId: text('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_recipient_created_idx').on(t.recipientId, t.createdAt),
    index('messages_kind_created_idx').on(t.kind, t.createdAt),
    index('messages_listing_id_idx').on(t.listingId),
  ],
);

/**
 * Every e-mail the product sends, written in the same transaction as what it announces, so nothing
 * is lost. With SMTP configured a background delivery claims unsent rows (nextAttemptAt), sends
 * them and records sentAt, or the error and when to try again.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The same mail as HTML, when it has one (a digest's list of listings). */
    html: text('html'),
    /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_unsent_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
  ],
);
