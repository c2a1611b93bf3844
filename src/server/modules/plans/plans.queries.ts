import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { alias } from 'drizzle-orm/pg-core';
import { billingSettings, featuredSlots, type PlanRow, plans, type ProviderPlanRow, providerPlans, stripeEvents } from '../../../db/schema/plans';
import { users } from '../../../db/schema/users';

export type { PlanRow, ProviderPlanRow };
export type NewPlanRow = typeof plans.$inferInsert;

/** Every plan, in the order the pricing page shows them: the operator's position, then cheapest first. */
export const listPlans = (db: Executor) => db.select().from(plans).orderBy(asc(plans.position), asc(plans.priceCents), asc(plans.id));

export async function findPlan(db: Executor, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

/** The plan every provider is on until they pay for another (the migration creates it; it cannot be deleted). */
export async function findDefaultPlan(db: Executor): Promise<PlanRow> {
  const [row] = await db.select().from(plans).where(eq(plans.isDefault, true));
  if (!row) throw new Error('No default plan: migration 0039 creates one and it cannot be deleted');
  return row;
}

export async function insertPlan(db: Executor, values: NewPlanRow): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  return row!;
}

export async function updatePlan(db: Executor, id: number, values: Partial<NewPlanRow>): Promise<PlanRow | undefined> {
  const [row] = await db.update(plans).set({ ...values, updatedAt: new Date() }).where(eq(plans.id, id)).returning();
  return row;
}

export const deletePlan = (db: Executor, id: number) => db.delete(plans).where(eq(plans.id, id));

/** How many providers each plan holds now (rows not ended). */
export async function countProvidersByPlan(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .select({ planId: providerPlans.planId, n: count() })
    .from(providerPlans)
    .where(sql`${providerPlans.status} <> 'ended'`)
    .groupBy(providerPlans.planId);
  return new Map(rows.map((row) => [row.planId, row.n]));
}

/** Whether any provider's record, even an ended one, names the plan (it is then kept, for the history). */
export async function planInUse(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(providerPlans).where(eq(providerPlans.planId, id));
  return (row?.n ?? 0) > 0;
}

export async function findProviderPlan(db: Executor, providerId: string, lock = false): Promise<ProviderPlanRow | undefined> {
  const query = db.select().from(providerPlans).where(eq(providerPlans.providerId, providerId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findProviderPlanBy(db: Executor, by: { customerId?: string; subscriptionId?: string }, lock = false): Promise<ProviderPlanRow | undefined> {
  const where = by.subscriptionId ? eq(providerPlans.stripeSubscriptionId, by.subscriptionId) : by.customerId ? eq(providerPlans.stripeCustomerId, by.customerId) : undefined;
  if (!where) return undefined;
  const query = db.select().from(providerPlans).where(where).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type ProviderPlanValues = Omit<typeof providerPlans.$inferInsert, 'providerId' | 'createdAt' | 'updatedAt'>;

export async function saveProviderPlan(db: Executor, providerId: string, values: ProviderPlanValues): Promise<ProviderPlanRow> {
  const [row] = await db
    .insert(providerPlans)
    .values({ providerId, ...values })
    .onConflictDoUpdate({ target: providerPlans.providerId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function updateProviderPlan(db: Executor, providerId: string, values: Partial<ProviderPlanValues>): Promise<ProviderPlanRow> {
  const [row] = await db.update(providerPlans).set({ ...values, updatedAt: new Date() }).where(eq(providerPlans.providerId, providerId)).returning();
  return row!;
}

/** Rows whose period (and grace) ran out without a renewal, to be ended by the sweep; locked, skipping rows another server holds. */
export function dueProviderPlans(db: Executor, graceDays: number, now: Date) {
  const grace = sql`make_interval(days => ${graceDays})`;
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .select()
    .from(providerPlans)
    .where(
      and(
        sql`${providerPlans.status} <> 'ended'`,
        sql`(
          (${providerPlans.cancelAtPeriodEnd} and ${providerPlans.currentPeriodEnd} <= ${at})
          or (${providerPlans.status} = 'past_due' and coalesce(${providerPlans.pastDueSince}, ${providerPlans.currentPeriodEnd}) + ${grace} <= ${at})
          or (${providerPlans.currentPeriodEnd} + ${grace} <= ${at})
          or (${providerPlans.source} = 'manual' and ${providerPlans.status} = 'active' and ${providerPlans.currentPeriodEnd} <= ${at})
        )`,
      ),
    )
    .for('update', { skipLocked: true });
}

/** The grace period before the operator saves billing settings (the column's default). */
const DEFAULT_GRACE_DAYS = 7;

export type PlanBadgeRows = {
  defaultBadge: string | null;
  graceDays: number;
  rows: (Pick<ProviderPlanRow, 'providerId' | 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'pastDueSince'> & { badge: string | null })[];
};

const paidPlan = alias(plans, 'paid_plan');

/**
 * What planStanding needs to tell the badge of each of these providers, in one statement: the
 * default plan's badge and the grace period (one row even when nobody has a paid plan), and each
 * provider's paid-plan row with its plan's badge.
 */
export async function findPlanBadgeRows(db: Executor, providerIds: readonly string[]): Promise<PlanBadgeRows> {
  const found = await db
    .select({
      defaultBadge: plans.badge,
      graceDays: billingSettings.graceDays,
      providerId: providerPlans.providerId,
      status: providerPlans.status,
      currentPeriodEnd: providerPlans.currentPeriodEnd,
      cancelAtPeriodEnd: providerPlans.cancelAtPeriodEnd,
      pastDueSince: providerPlans.pastDueSince,
      badge: paidPlan.badge,
    })
    .from(plans)
    .leftJoin(billingSettings, eq(billingSettings.id, 1))
    .leftJoin(providerPlans, inArray(providerPlans.providerId, [...providerIds]))
    .leftJoin(paidPlan, eq(paidPlan.id, providerPlans.planId))
    .where(eq(plans.isDefault, true));
  const first = found[0];
  if (!first) throw new Error('No default plan: migration 0039 creates one and it cannot be deleted');
  const rows = found.flatMap(({ providerId, status, currentPeriodEnd, cancelAtPeriodEnd, pastDueSince, badge }) =>
    providerId !== null && status !== null && currentPeriodEnd !== null && cancelAtPeriodEnd !== null ? [{ providerId, status, currentPeriodEnd, cancelAtPeriodEnd, pastDueSince, badge }] : [],
  );
  return { defaultBadge: first.defaultBadge, graceDays: first.graceDays ?? DEFAULT_GRACE_DAYS, rows };
}

export type BillingSettingsRow = { customerPortalUrl: string | null; graceDays: number };

export async function findBillingSettings(db: Executor): Promise<BillingSettingsRow> {
  const [row] = await db.select({ customerPortalUrl: billingSettings.customerPortalUrl, graceDays: billingSettings.graceDays }).from(billingSettings).where(eq(billingSettings.id, 1));
  return row ?? { customerPortalUrl: null, graceDays: DEFAULT_GRACE_DAYS };
}

export async function saveBillingSettings(db: Executor, settings: BillingSettingsRow) {
  await db
    .insert(billingSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: billingSettings.id, set: { ...settings, updatedAt: new Date() } });
}

/** The provider's listings that count against the plan: live ones and those waiting for approval. */
export async function countCountedListings(db: Executor, providerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.providerId, providerId), inArray(listings.status, ['approved', 'pending'])));
  return row?.n ?? 0;
}

export async function countFeaturedSlots(db: Executor, providerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(featuredSlots).where(eq(featuredSlots.providerId, providerId));
  return row?.n ?? 0;
}

export async function findUserContact(db: Executor, id: string) {
  const [row] = await db.select({ id: users.id, email: users.email, firstName: users.firstName, isProvider: users.isProvider }).from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select({ id: users.id, email: users.email, isProvider: users.isProvider }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

/** Holds the provider's row until the transaction ends: two submissions at once cannot both take the last listing the plan allows. */
export async function lockProvider(db: Executor, providerId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, providerId)).for('update');
}

export async function findPlanByStripePrice(db: Executor, priceId: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.stripePriceId, priceId)).limit(1);
  return row;
}

export type StripeEventValues = typeof stripeEvents.$inferInsert;

/** Records an event by its id; false when it was recorded before (a repeat delivery, or one a second server is applying now: the insert waits for it). */
export async function recordStripeEvent(db: Executor, values: StripeEventValues): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values(values).onConflictDoNothing({ target: stripeEvents.id }).returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function setStripeEventOutcome(db: Executor, id: string, outcome: StripeEventValues['outcome']) {
  await db.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.id, id));
}

/** Events that arrived before the checkout that names their subscription or customer, oldest first. */
export function waitingStripeEvents(db: Executor, by: { subscriptionId: string | null; customerId: string | null }) {
  const matches = [by.subscriptionId ? eq(stripeEvents.subscriptionId, by.subscriptionId) : undefined, by.customerId ? eq(stripeEvents.customerId, by.customerId) : undefined].filter((clause) => clause !== undefined);
  if (matches.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(stripeEvents)
    .where(and(eq(stripeEvents.outcome, 'waiting'), or(...matches)))
    .orderBy(asc(stripeEvents.created), asc(stripeEvents.receivedAt))
    .for('update');
}
