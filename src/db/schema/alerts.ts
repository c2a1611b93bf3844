import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A member's saved list, search or category address (docs/decisions/alerts.md). `filters` are the
 * address's query values as typed (the category page's category as categoryId), parsed again by the
 * catalogue's own schema at every digest, so a digest matches what the list page shows. A digest
 * lists the listings that went live after `lastDigestAt`; a server claims one by moving
 * `nextDigestAt` in the transaction that queues its mail, so several servers send it once.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['tools', 'services'] }).notNull(),
    /** The page it was saved from (path and query): the digest's "see all" link. */
    address: text('address').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    frequency: text('frequency', { enum: ['daily', 'weekly'] }).notNull(),
    /** False once unsubscribed from its mail (the link in it); choosing a frequency again turns it back on. */
    mailing: boolean('mailing').notNull().default(true),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }).notNull().defaultNow(),
    nextDigestAt: timestamp('next_digest_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_searches_user_created_idx').on(t.userId, t.createdAt),
    index('saved_searches_due_idx').on(t.nextDigestAt).where(sql`${t.mailing}`),
    check('saved_searches_name_check', sql`length(${t.name}) between 1 and 80`),
  ],
);

export const listingEventKinds = ['live', 'terms', 'programme_removed', 'price', 'taken_down'] as const;
export type ListingEventKind = (typeof listingEventKinds)[number];

/**
 * What happened to listings that alerts tell of, written by triggers on listings and
 * partner_programmes in the transaction of the change itself (whatever made it: a moderator, an
 * import, a deletion): 'live' when a listing goes live (the saved searches' "new since"), and, for
 * listings someone has favourited, a change of its partner terms, its programme removed, its price
 * changed, or it taken down. `recipients` are the members who had it favourited then; the
 * listing's id is kept without a reference, so the event outlives a deleted listing.
 */
export const listingEvents = pgTable(
  'listing_events',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id').notNull(),
    kind: text('kind', { enum: listingEventKinds }).notNull(),
    listingType: text('listing_type', { enum: ['tools', 'services'] }).notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    before: jsonb('before').$type<Record<string, string | number | null>>(),
    after: jsonb('after').$type<Record<string, string | number | null>>(),
    recipients: text('recipients').array().notNull().default(sql`'{}'::text[]`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listing_events_live_idx').on(t.at).where(sql`${t.kind} = 'live'`),
    index('listing_events_recipients_idx').using('gin', t.recipients),
    index('listing_events_at_idx').on(t.at),
  ],
);

/**
 * A member's alert e-mail settings: how changes of their favourites are mailed ('instant', in the
 * daily 'digest', or 'off'; the dashboard shows them whatever this says), and how far they have
 * been mailed (`favouritesMailedThrough`, an event id), moved in the transaction that queues the mail.
 */
export const alertSettings = pgTable('alert_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  favouriteMail: text('favourite_mail', { enum: ['instant', 'digest', 'off'] }).notNull().default('instant'),
  favouritesMailedThrough: integer('favourites_mailed_through').notNull().default(0),
  favouritesMailedAt: timestamp('favourites_mailed_at', { withTimezone: true }),
});
