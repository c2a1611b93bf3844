import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { listings } from './listings';
import { reviewerContexts, agencySizes } from '../../shared/review-context';
import { users } from './users';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    /**
     * published; under_review (reported, still shown with a mark); hidden (reported for personal
     * information or abuse: out of every public answer until decided); removed (by a moderator:
     * kept for the record, out of the rating). docs/decisions/review-replies-and-reports.md
     */
    moderation: text('moderation', { enum: ['published', 'under_review', 'hidden', 'removed'] }).notNull().default('published'),
    /** How the reviewer used it (resold to clients, or in-house), if they said: docs/decisions/review-context.md */
    reviewerContext: text('reviewer_context', { enum: reviewerContexts }),
    /** The reviewer's agency size band, if they said. */
    agencySize: text('agency_size', { enum: agencySizes }),
    /** When a moderator last edited personal information out of the comment. */
    moderatorEditedAt: timestamp('moderator_edited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One review per member per listing: a second submission updates the first.
    uniqueIndex('reviews_listing_user_unique').on(t.listingId, t.userId),
    index('reviews_listing_created_idx').on(t.listingId, t.createdAt),
    index('reviews_user_id_idx').on(t.userId),
    // The reviews sorted or filtered by stars, and the breakdown's counts per star.
    index('reviews_listing_rating_idx').on(t.listingId, t.rating, t.createdAt),
    // The trending score's 30-day window.
    index('reviews_created_at_idx').on(t.createdAt),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_reviewer_context_check', sql`${t.reviewerContext} in ('resold', 'in_house')`),
    check('reviews_agency_size_check', sql`${t.agencySize} in ('1-10', '11-50', '51-200', '201+')`),
    check('reviews_moderation_check', sql`${t.moderation} in ('published', 'under_review', 'hidden', 'removed')`),
  ],
);

/** The listing's provider's one public answer to a review. */
export const reviewReplies = pgTable(
  'review_replies',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** Set by the provider's edits, not by the first post: the page says "edited". */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('review_replies_review_unique').on(t.reviewId)],
);

export const reviewReportReasons = ['spam', 'abusive', 'personal_info', 'conflict_of_interest', 'not_genuine', 'wrong_listing', 'other'] as const;
export const reviewReportOutcomes = ['kept', 'edited', 'removed'] as const;

/** A member's or the listing provider's report of a review, open until an administrator decides it. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    /** Null once the reporter's account is deleted: the report still waits for its decision. */
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'provider' when the reporter owns the reviewed listing: the warning rule reads these. */
    reporterRole: text('reporter_role', { enum: ['member', 'provider'] }).notNull(),
    reason: text('reason', { enum: reviewReportReasons }).notNull(),
    details: text('details'),
    /** The review's rating when it was reported (its author may change it later). */
    reviewRating: smallint('review_rating').notNull(),
    outcome: text('outcome', { enum: reviewReportOutcomes }),
    resolvedById: text('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open report per person per review; once decided, they may report it again.
    uniqueIndex('review_reports_open_unique').on(t.reviewId, t.reporterId).where(sql`${t.resolvedAt} is null`),
    // The queue: open reports, oldest first.
    index('review_reports_open_created_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
    index('review_reports_reporter_idx').on(t.reporterId, t.resolvedAt),
    check('review_reports_reason_check', sql`${t.reason} in ('spam', 'abusive', 'personal_info', 'conflict_of_interest', 'not_genuine', 'wrong_listing', 'other')`),
    check('review_reports_outcome_check', sql`${t.outcome} in ('kept', 'edited', 'removed')`),
    check('review_reports_resolved_check', sql`(${t.outcome} is null) = (${t.resolvedAt} is null)`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('favorites_listing_id_idx').on(t.listingId),
    index('favorites_user_created_idx').on(t.userId, t.createdAt),
    index('favorites_created_at_idx').on(t.createdAt),
  ],
);
