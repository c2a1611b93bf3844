import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { listings } from './listings';
import { users } from './users';

/**
 * What a provider may do (docs/decisions/plans-and-billing.md): an operator's plan, its price and
 * period, and its grants. Exactly one plan is the default, the free plan every provider is on
 * until they pay for another; it cannot be deleted.
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** In the smallest unit of the currency (cents); 0 for the free plan. */
    priceCents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    period: text('period', { enum: ['month', 'year'] }).notNull().default('month'),
    /** Live (and waiting) listings the plan allows; null: no limit. */
    listingLimit: integer('listing_limit'),
    featuredSlots: integer('featured_slots').notNull().default(0),
    insight: boolean('insight').notNull().default(false),
    partnerTerms: boolean('partner_terms').notNull().default(false),
    /** The badge shown beside the provider's name; null: none. */
    badge: text('badge'),
    /** The Stripe Payment Link the operator pasted; null: paid by invoice (manual billing) only. */
    stripePaymentLink: text('stripe_payment_link'),
    /** The Stripe price the link sells, so a change of price in the customer portal moves the provider to this plan. */
    stripePriceId: text('stripe_price_id'),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plans_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
    uniqueIndex('plans_name_unique').on(sql`lower(${t.name})`),
    check('plans_price_not_negative', sql`${t.priceCents} >= 0`),
    check('plans_limits_not_negative', sql`coalesce(${t.listingLimit}, 0) >= 0 and ${t.featuredSlots} >= 0`),
  ],
);

/**
 * A provider's paid plan as it stands: one row per provider who ever left the free plan. No row,
 * or an ended one, means the default plan. `source` says who keeps it up: Stripe's events or an
 * administrator's recorded payments.
 */
export const providerPlans = pgTable(
  'provider_plans',
  {
    providerId: text('provider_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    source: text('source', { enum: ['stripe', 'manual'] }).notNull(),
    status: text('status', { enum: ['active', 'past_due', 'ended'] }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The `created` second of the newest Stripe event that set the status: an older one arriving late does not undo it. */
    statusEventCreated: bigint('status_event_created', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('provider_plans_customer_unique').on(t.stripeCustomerId),
    index('provider_plans_subscription_idx').on(t.stripeSubscriptionId),
    index('provider_plans_due_idx').on(t.currentPeriodEnd).where(sql`${t.status} <> 'ended'`),
  ],
);

/**
 * Every Stripe event received, by its id: an event is applied once however often it is delivered.
 * One that names a subscription nobody is known for yet (it overtook its checkout) waits here,
 * unapplied, until the checkout links the subscription to a provider.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    created: bigint('created', { mode: 'number' }).notNull(),
    subscriptionId: text('subscription_id'),
    customerId: text('customer_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    outcome: text('outcome', { enum: ['applied', 'waiting', 'refused', 'ignored'] }).notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('stripe_events_waiting_idx').on(t.subscriptionId).where(sql`${t.outcome} = 'waiting'`)],
);

/** The operator's billing settings: one row, id 1 (none: the defaults). */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    customerPortalUrl: text('customer_portal_url'),
    graceDays: integer('grace_days').notNull().default(7),
    updatedAt: updatedAt(),
  },
  (t) => [check('billing_settings_one_row', sql`${t.id} = 1`)],
);

/** Which of a provider's listings fill their plan's featured slots, and until when. */
export const featuredSlots = pgTable(
  'featured_slots',
  {
    listingId: integer('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    providerId: text('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null while the plan grants the slot; set to the period's end when a downgrade leaves it beyond the grant. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('featured_slots_provider_idx').on(t.providerId)],
);

export type PlanRow = typeof plans.$inferSelect;
export type ProviderPlanRow = typeof providerPlans.$inferSelect;
