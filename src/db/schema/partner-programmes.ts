import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PartnerProgrammeTerms } from '../../shared/schemas/partner-programme';
import { createdAt, updatedAt } from './columns';
import { listings } from './listings';
import { users } from './users';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * The live partner programme of a listing, none or one (docs/decisions/partner-programmes.md).
 * Only terms an administrator approved (or that nobody can see yet) are here; a provider's change
 * to a live listing's programme waits in partner_programme_proposals. Margin, markup, earnings
 * and the white-label level are derived from these columns wherever they are shown; the three the
 * catalogue filters and sorts by are also kept below as caches (never edited, never shown).
 */
export const partnerProgrammes = pgTable(
  'partner_programmes',
  {
    listingId: integer('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    types: text('types').array().notNull(),
    visibility: text('visibility', { enum: ['public', 'members', 'on_request'] }).notNull(),
    wholesalePrice: money('wholesale_price'),
    suggestedRetailPrice: money('suggested_retail_price'),
    minRetailPrice: money('min_retail_price'),
    setupFeeWholesale: money('setup_fee_wholesale'),
    setupFeeSuggested: money('setup_fee_suggested'),
    commissionType: text('commission_type', { enum: ['percent', 'flat'] }),
    commissionValue: money('commission_value'),
    commissionMonths: integer('commission_months'),
    commissionLifetime: boolean('commission_lifetime').notNull().default(false),
    cookieDays: integer('cookie_days'),
    payoutMinimum: money('payout_minimum'),
    payoutFrequency: text('payout_frequency', { enum: ['monthly', 'quarterly', 'per_transaction'] }),
    billingModel: text('billing_model', { enum: ['provider_bills_agency', 'provider_bills_client'] }).notNull(),
    billingPeriod: text('billing_period', { enum: ['one_time', 'monthly', 'annual'] }).notNull(),
    commitmentMonths: integer('commitment_months').notNull().default(0),
    autoRenew: boolean('auto_renew').notNull().default(false),
    earlyCancellation: text('early_cancellation', { enum: ['allowed', 'fee', 'not_allowed'] }).notNull(),
    trialDays: integer('trial_days').notNull().default(0),
    demoAccount: boolean('demo_account').notNull().default(false),
    internalUseSeats: integer('internal_use_seats').notNull().default(0),
    whiteLabel: text('white_label').array().notNull().default(sql`'{}'::text[]`),
    /** ISO 3166-1 alpha-2 codes; empty is worldwide. */
    territories: text('territories').array().notNull().default(sql`'{}'::text[]`),
    supportModel: text('support_model', { enum: ['provider_supports_agency', 'provider_supports_client_white_label', 'agency_first_line'] }).notNull(),
    applyUrl: text('apply_url'),
    joinApproval: text('join_approval', { enum: ['instant', 'reviewed'] }).notNull(),
    termsUrl: text('terms_url'),
    // Set by an administrator; any change of the terms clears both.
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verificationSource: text('verification_source', { enum: ['document', 'vendor_portal', 'call'] }),
    // Caches of derived figures, for the catalogue's filters and sorts only (an index needs a
    // column): written with the terms and whenever the listing's price changes, from the same
    // functions that compute them for display (src/shared/partner-figures.ts, through
    // src/db/partner-programme-caches.ts), and copied to the listing's row with what the filters
    // test (listings.programme_*, by the trigger of migration programme-columns-on-listings). A
    // null level marks a row not computed yet (rows older than the columns), filled at start-up.
    // Never edited, never answered: what a viewer may see is still derived from the terms.
    marginPercent: real('margin_percent'),
    earningsPerClient: real('earnings_per_client'),
    whiteLabelLevel: text('white_label_level', { enum: ['full', 'partial', 'none'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The administrators' list: unverified first, then the oldest verifications (stale ones).
    index('partner_programmes_verified_idx').on(t.verifiedAt.nullsFirst()),
    // The rows whose caches are not computed yet (fillMissingProgrammeCaches, at every start-up):
    // nearly always none, found without reading every programme.
    index('partner_programmes_uncached_idx').on(t.listingId).where(sql`${t.whiteLabelLevel} is null`),
    check('partner_programmes_types_check', sql`cardinality(${t.types}) >= 1`),
    check('partner_programmes_commitment_check', sql`${t.commitmentMonths} between 0 and 60`),
    check('partner_programmes_trial_check', sql`${t.trialDays} between 0 and 90`),
    check('partner_programmes_commission_months_check', sql`${t.commissionMonths} is null or ${t.commissionMonths} between 0 and 120`),
    check('partner_programmes_money_check', sql`coalesce(${t.wholesalePrice}, 0) >= 0 and coalesce(${t.suggestedRetailPrice}, 0) >= 0 and coalesce(${t.minRetailPrice}, 0) >= 0`),
  ],
);

/**
 * A provider's change to the programme of a live listing, waiting for an administrator (like
 * listings.pending_changes for the listing's own fields). `terms` null proposes removing the
 * programme. One open proposal per listing; a new one replaces it.
 */
export const partnerProgrammeProposals = pgTable('partner_programme_proposals', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  terms: jsonb('terms').$type<PartnerProgrammeTerms | null>(),
  submittedBy: text('submitted_by').references(() => users.id, { onDelete: 'set null' }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  /** Why an administrator turned the last proposal down, shown to the provider. */
  rejectionReason: text('rejection_reason'),
});

/** Every applied change of a programme's terms: old and new values (null: none), and when. */
export const partnerProgrammeChanges = pgTable(
  'partner_programme_changes',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    oldTerms: jsonb('old_terms').$type<PartnerProgrammeTerms | null>(),
    newTerms: jsonb('new_terms').$type<PartnerProgrammeTerms | null>(),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_programme_changes_listing_idx').on(t.listingId, t.changedAt)],
);
