import type { Database, Executor } from '../../../db/client';
import { type AdminPlanJson, type BillingSettings, type ManualPaymentInput, PLANS_LINK_TEXT, type PlanInput, type PlanJson, type ProviderPlanJson } from '../../../shared/schemas/plan';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.queries';
import type { UserRow } from '../users/users.queries';
import { checkoutReference, checkoutUrl } from './checkout-reference';
import { endDueSlots } from './featured-slots.queries';
import { endPlan, type LifecycleDeps, markPastDue, setEnding, startOrRenew } from './plan-lifecycle';
import { planStanding, type Standing } from './plan-standing';
import * as queries from './plans.queries';
import type { PlanRow, ProviderPlanRow } from './plans.queries';

export const billingMode = (config: Pick<Config, 'stripeWebhookSecret'>) => (config.stripeWebhookSecret ? 'stripe' : 'manual');

export const toPlanJson = (plan: PlanRow): PlanJson => ({
  id: plan.id,
  name: plan.name,
  description: plan.description,
  priceCents: plan.priceCents,
  currency: plan.currency,
  period: plan.period,
  listingLimit: plan.listingLimit,
  featuredSlots: plan.featuredSlots,
  insight: plan.insight,
  partnerTerms: plan.partnerTerms,
  badge: plan.badge,
  isDefault: plan.isDefault,
});

export type ResolvedPlan = { plan: PlanRow; row: ProviderPlanRow | undefined; standing: Standing };

/** The plan in force for a provider now: their paid plan while it stands, else the default. */
export async function resolvePlan(db: Executor, providerId: string, now = new Date(), lock = false): Promise<ResolvedPlan> {
  const [row, settings] = await Promise.all([queries.findProviderPlan(db, providerId, lock), queries.findBillingSettings(db)]);
  const standing = planStanding(row, settings.graceDays, now);
  const plan = standing.inForce && row ? await queries.findPlan(db, row.planId) : undefined;
  return { plan: plan ?? (await queries.findDefaultPlan(db)), row, standing };
}

const notInPlan = (what: string) => AppError.forbidden(`${what} not in your plan. ${PLANS_LINK_TEXT}`);

/**
 * A provider's new listing must fit the plan's limit of live listings (those waiting for approval
 * count, since approval makes them live). Nothing already live is taken down by a lower limit:
 * only new listings are refused until the count is under it.
 */
export async function assertMayAddListing(db: Executor, providerId: string) {
  await queries.lockProvider(db, providerId);
  const { plan } = await resolvePlan(db, providerId);
  if (plan.listingLimit === null) return;
  const used = await queries.countCountedListings(db, providerId);
  if (used >= plan.listingLimit) {
    throw AppError.forbidden(`Your ${plan.name} plan allows ${plan.listingLimit} live ${plan.listingLimit === 1 ? 'listing' : 'listings'}, and you have ${used}. Upgrade your plan to list more. ${PLANS_LINK_TEXT}`);
  }
}

export async function assertInsightGranted(db: Executor, providerId: string) {
  if (!(await resolvePlan(db, providerId)).plan.insight) throw notInPlan('The insight screen (daily figures) is');
}

export async function assertPartnerTermsGranted(db: Executor, providerId: string) {
  if (!(await resolvePlan(db, providerId)).plan.partnerTerms) throw notInPlan('Partner-programme terms on listings are');
}

/**
 * The badge of each provider's plan in force (null: none), for the pages that show providers: by
 * resolvePlan's rule (a paid plan while planStanding says it stands, else the default plan), for
 * any number of providers in one statement.
 */
export async function planBadges(db: Executor, providerIds: readonly string[], now = new Date()): Promise<Map<string, string | null>> {
  const badges = new Map<string, string | null>();
  if (providerIds.length === 0) return badges;
  const { defaultBadge, graceDays, rows } = await queries.findPlanBadgeRows(db, providerIds);
  const paid = new Map(rows.map((row) => [row.providerId, row]));
  for (const id of providerIds) {
    const row = paid.get(id);
    badges.set(id, row && planStanding(row, graceDays, now).inForce ? row.badge : defaultBadge);
  }
  return badges;
}

// ---- Administrators: plans and billing settings ----

const planValues = (input: PlanInput) => ({
  name: input.name,
  description: input.description,
  priceCents: Math.round(input.price * 100),
  period: input.period,
  listingLimit: input.listingLimit,
  featuredSlots: input.featuredSlots,
  insight: input.insight,
  partnerTerms: input.partnerTerms,
  badge: input.badge,
  stripePaymentLink: input.stripePaymentLink,
  stripePriceId: input.stripePriceId,
  position: input.position,
});

export async function adminPlans(db: Executor): Promise<AdminPlanJson[]> {
  const [rows, counts] = await Promise.all([queries.listPlans(db), queries.countProvidersByPlan(db)]);
  return rows.map((plan) => toAdminPlanJson(plan, counts.get(plan.id) ?? 0));
}

const toAdminPlanJson = (plan: PlanRow, providers: number): AdminPlanJson => ({ ...toPlanJson(plan), stripePaymentLink: plan.stripePaymentLink, stripePriceId: plan.stripePriceId, position: plan.position, providers });

function assertFreePlanShape(plan: PlanRow | undefined, input: PlanInput) {
  if (plan?.isDefault && input.price > 0) throw AppError.badRequest('The free plan costs nothing: every provider is on it until they pay for another.', { price: 'The free plan costs nothing' });
  if (!plan?.isDefault && input.price === 0) throw AppError.badRequest('A paid plan needs a price; the free plan is the one that costs nothing.', { price: 'Enter a price above 0' });
}

export async function createPlan(db: Database, admin: UserRow, input: PlanInput): Promise<AdminPlanJson> {
  assertFreePlanShape(undefined, input);
  return db.transaction(async (tx) => {
    const plan = await queries.insertPlan(tx, planValues(input));
    await recordAudit(tx, { actorId: admin.id, action: 'plan.create', entityType: 'plan', entityId: plan.id, details: { name: plan.name } });
    return toAdminPlanJson(plan, 0);
  });
}

export async function editPlan(db: Database, admin: UserRow, id: number, input: PlanInput): Promise<AdminPlanJson> {
  return db.transaction(async (tx) => {
    const before = await queries.findPlan(tx, id);
    if (!before) throw AppError.notFound('Plan not found');
    assertFreePlanShape(before, input);
    const plan = (await queries.updatePlan(tx, id, planValues(input)))!;
    await recordAudit(tx, { actorId: admin.id, action: 'plan.edit', entityType: 'plan', entityId: id, details: { name: plan.name } });
    return toAdminPlanJson(plan, (await queries.countProvidersByPlan(tx)).get(id) ?? 0);
  });
}

export async function removePlan(db: Database, admin: UserRow, id: number) {
  await db.transaction(async (tx) => {
    const plan = await queries.findPlan(tx, id);
    if (!plan) throw AppError.notFound('Plan not found');
    if (plan.isDefault) throw AppError.conflict('The free plan cannot be deleted: it is the plan of every provider who has not paid for another.');
    if (await queries.planInUse(tx, id)) throw AppError.conflict('Providers have been on this plan, so it is kept for their history. Remove its Payment Link so nobody new can buy it.');
    await queries.deletePlan(tx, id);
    await recordAudit(tx, { actorId: admin.id, action: 'plan.delete', entityType: 'plan', entityId: id, details: { name: plan.name } });
  });
}

export async function billingSettingsView(db: Executor, config: Config) {
  const settings = await queries.findBillingSettings(db);
  return { ...settings, mode: billingMode(config), webhookUrl: `${config.siteUrl}/api/billing/stripe/webhook` } as const;
}

export async function saveBilling(db: Database, config: Config, admin: UserRow, input: BillingSettings) {
  await db.transaction(async (tx) => {
    await queries.saveBillingSettings(tx, input);
    await recordAudit(tx, { actorId: admin.id, action: 'billing.update', entityType: 'billing', entityId: 1, details: { graceDays: input.graceDays, customerPortalUrl: input.customerPortalUrl !== null } });
  });
  return billingSettingsView(db, config);
}

// ---- Manual billing ----

const endOfDay = (isoDay: string) => new Date(`${isoDay}T23:59:59.999Z`);

/**
 * An administrator records a payment received (by bank transfer, say) and the period it pays for:
 * the provider's plan starts, or renews when it is the plan they are on, until the period's end.
 */
export async function recordManualPayment(db: Database, deps: LifecycleDeps, admin: UserRow, input: ManualPaymentInput, now = new Date()) {
  const provider = await queries.findUserByEmail(db, input.email);
  if (!provider) throw AppError.badRequest('No account has this e-mail address.', { email: 'No account has this e-mail address' });
  if (!provider.isProvider) throw AppError.badRequest('This account is not a provider yet: they save their provider profile first.', { email: 'Not a provider' });
  const plan = await queries.findPlan(db, input.planId);
  if (!plan) throw AppError.badRequest('Plan not found', { planId: 'Plan not found' });
  if (plan.isDefault) throw AppError.badRequest('The free plan needs no payment.', { planId: 'Choose a paid plan' });
  const periodEnd = endOfDay(input.periodEnd);
  if (periodEnd <= now) throw AppError.badRequest('This period has already ended.', { periodEnd: 'Choose a day after today' });
  const change = await db.transaction(async (tx) => {
    const current = await resolvePlan(tx, provider.id, now, true);
    return startOrRenew(tx, deps, {
      providerId: provider.id,
      plan,
      current: current.row,
      currentInForce: current.standing.inForce,
      periodEnd,
      source: { kind: 'admin', adminId: admin.id },
      values: { source: 'manual', stripeSubscriptionId: null, statusEventCreated: null },
      extra: { payment: { amount: input.amount ?? plan.priceCents / 100, currency: plan.currency, periodStart: input.periodStart, periodEnd: input.periodEnd, note: input.note } },
    });
  });
  deps.mailer.deliver();
  return { change, providerId: provider.id };
}

/** An administrator ends a provider's paid plan now (a refund, a mistake): they are on the free plan at once. */
export async function endPlanNow(db: Database, deps: LifecycleDeps, admin: UserRow, providerId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const { row, standing, plan } = await resolvePlan(tx, providerId, now, true);
    if (!row || !standing.inForce) throw AppError.conflict('This provider is on the free plan already.');
    await endPlan(tx, deps, row, plan, now, { kind: 'admin', adminId: admin.id });
  });
  deps.mailer.deliver();
}

// ---- The provider's own plan ----

export async function providerPlanView(db: Executor, config: Config, user: UserRow, now = new Date()): Promise<ProviderPlanJson> {
  const [{ plan, row, standing }, settings, all, listings, featured] = await Promise.all([
    resolvePlan(db, user.id, now),
    queries.findBillingSettings(db),
    queries.listPlans(db),
    queries.countCountedListings(db, user.id),
    queries.countFeaturedSlots(db, user.id),
  ]);
  const mode = billingMode(config);
  const checkout = (candidate: PlanRow) => {
    if (mode !== 'stripe' || candidate.isDefault || !candidate.stripePaymentLink) return null;
    const reference = checkoutReference(config.sessionSecret, candidate.id, user.id);
    return reference ? checkoutUrl(candidate.stripePaymentLink, reference, user.email) : null;
  };
  const portal = settings.customerPortalUrl ? new URL(settings.customerPortalUrl) : null;
  portal?.searchParams.set('prefilled_email', user.email);
  return {
    plan: toPlanJson(plan),
    status: standing.status,
    source: standing.inForce ? (row?.source ?? null) : null,
    periodEnd: standing.periodEnd?.toISOString() ?? null,
    graceEndsAt: standing.graceEndsAt?.toISOString() ?? null,
    usage: { listings, featured },
    billing: mode,
    portalUrl: mode === 'stripe' ? (portal?.toString() ?? null) : null,
    plans: all.map((candidate) => ({ ...toPlanJson(candidate), checkoutUrl: checkout(candidate) })),
  };
}

/** The provider cancels a plan they pay by invoice: it ends at the period's end. A Stripe subscription is cancelled in Stripe's customer portal. */
export async function cancelOwnPlan(db: Database, deps: LifecycleDeps, user: UserRow, now = new Date()) {
  await db.transaction(async (tx) => {
    const { row, standing, plan } = await resolvePlan(tx, user.id, now, true);
    if (!row || !standing.inForce) throw AppError.conflict('You are on the free plan: there is nothing to cancel.');
    if (row.source === 'stripe') throw AppError.conflict('Your plan is paid through Stripe: cancel it in the customer portal (Manage billing).');
    if (row.cancelAtPeriodEnd) throw AppError.conflict('Your plan is already cancelled; it ends at the end of its period.');
    await setEnding(tx, deps, row, plan, true, { kind: 'provider', providerId: user.id });
  });
  deps.mailer.deliver();
}

// ---- The sweep: what the clock changes ----

/**
 * Records what time alone changes, on whichever server runs it first (the rows are locked, and
 * skipped by a second server): a plan paid by invoice whose period ran out goes past due (the
 * provider is told), and a plan whose period (cancelled) or grace (unpaid) is over ends.
 * planStanding already answers so before this runs; the sweep writes it down and sends the mail.
 * Featured slots whose end has come (a downgrade's, a cancellation's) end too: their listings stop
 * being featured, the editors' picks among them stay.
 */
export async function sweepPlans(db: Database, deps: LifecycleDeps, now = new Date()): Promise<number> {
  const settings = await queries.findBillingSettings(db);
  const changed = await db.transaction(async (tx) => {
    const due = await queries.dueProviderPlans(tx, settings.graceDays, now);
    for (const row of due) {
      const plan = (await queries.findPlan(tx, row.planId))!;
      const standing = planStanding(row, settings.graceDays, now);
      if (!standing.inForce) await endPlan(tx, deps, row, plan, now, { kind: 'schedule' });
      else if (row.status === 'active' && row.source === 'manual' && row.currentPeriodEnd <= now) await markPastDue(tx, deps, row, plan, row.currentPeriodEnd, settings.graceDays, { kind: 'schedule' });
    }
    await endDueSlots(tx, now);
    return due.length;
  });
  if (changed > 0) deps.mailer.deliver();
  return changed;
}
