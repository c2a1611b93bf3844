import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { applicationStatuses, declineReasons } from '../../shared/partner-application-values';
import { createdAt, updatedAt } from './columns';
import { listings } from './listings';
import { users } from './users';

/**
 * A member's application to the partner programme of a listing (docs/decisions/partner-applications.md).
 * `approvedAt` is kept once set, even after a withdrawal: the review badge asks whether the author
 * was an approved partner before writing, which stays true.
 */
export const partnerApplications = pgTable(
  'partner_applications',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: applicationStatuses }).notNull().default('pending'),
    agencyName: text('agency_name').notNull(),
    agencyWebsite: text('agency_website').notNull(),
    clientCount: integer('client_count').notNull(),
    regions: text('regions').notNull(),
    services: text('services').notNull(),
    message: text('message').notNull(),
    declineReason: text('decline_reason', { enum: declineReasons }),
    declineNote: text('decline_note'),
    /** After a decline: the member may apply again from this moment (the provider's waiting period). */
    reapplyAfter: timestamp('reapply_after', { withTimezone: true }),
    /** The provider's welcome, shown to the member with the programme's links once approved. */
    welcomeMessage: text('welcome_message'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnBy: text('withdrawn_by', { enum: ['applicant', 'provider', 'admin'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open (or approved) application per member and listing; settled ones stay as history.
    uniqueIndex('partner_applications_open_unique')
      .on(t.listingId, t.applicantId)
      .where(sql`${t.status} in ('pending', 'info_requested', 'approved')`),
    // The member's own list, and the grants a member holds (visibility of on-request terms).
    index('partner_applications_applicant_idx').on(t.applicantId, t.listingId),
    // The provider's inbox reads by listing.
    index('partner_applications_listing_idx').on(t.listingId, t.createdAt),
    check('partner_applications_clients_check', sql`${t.clientCount} between 0 and 100000`),
    check('partner_applications_decline_check', sql`(${t.status} = 'declined') = (${t.declineReason} is not null)`),
  ],
);

/** The thread of an application: the provider's questions, the member's answers, notes with decisions. */
export const partnerApplicationMessages = pgTable(
  'partner_application_messages',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => partnerApplications.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: ['applicant', 'provider', 'admin'] }).notNull(),
    kind: text('kind', { enum: ['question', 'answer', 'note'] }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('partner_application_messages_application_idx').on(t.applicationId, t.createdAt)],
);

export type PartnerApplicationRow = typeof partnerApplications.$inferSelect;
