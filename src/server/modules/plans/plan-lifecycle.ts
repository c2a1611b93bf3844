import type { Executor } from '../../../db/client';
import { formatDate } from '../../../shared/format';
import type { Config } from '../../config';
import { recordAudit } from '../audit/audit.queries';
import type { Mailer } from '../mail/mailer';
import { endDueSlots, endFeaturedBeyondGrant } from './featured-slots.queries';
import { findDefaultPlan, findUserContact, type PlanRow, type ProviderPlanRow, type ProviderPlanValues, saveProviderPlan, updateProviderPlan } from './plans.queries';

/** Who changed a provider's plan: a Stripe event (by its id) or an administrator. The audit log keeps it. */
export type PlanSource = { kind: 'stripe'; eventId: string } | { kind: 'admin'; adminId: string } | { kind: 'provider'; providerId: string } | { kind: 'schedule' };

export type PlanChange = 'started' | 'renewed' | 'payment_failed' | 'ending' | 'ended';

export type LifecycleDeps = { mailer: Mailer; config: Config };

const day = (date: Date) => formatDate(date.toISOString(), { utc: true });

function planMail(config: Config, change: PlanChange, plan: PlanRow, detail: { periodEnd: Date | null; graceEndsAt?: Date | null; freePlan?: string }) {
  const link = `${config.siteUrl}/provider?tab=plan`;
  const site = config.siteName;
  switch (change) {
    case 'started':
      return { subject: `Your ${plan.name} plan has started`, text: `Your ${plan.name} plan on ${site} has started${detail.periodEnd ? `. It runs until ${day(detail.periodEnd)}` : ''}.\n\nSee your plan and its usage: ${link}` };
    case 'renewed':
      return { subject: `Your ${plan.name} plan is renewed`, text: `Thank you: your ${plan.name} plan on ${site} is renewed${detail.periodEnd ? ` until ${day(detail.periodEnd)}` : ''}.\n\nSee your plan: ${link}` };
    case 'payment_failed':
      return {
        subject: `Payment for your ${plan.name} plan did not go through`,
        text: `We could not take the payment for your ${plan.name} plan on ${site}.${detail.graceEndsAt ? ` The plan stays in force until ${day(detail.graceEndsAt)}; if no payment arrives by then, you move to the ${detail.freePlan ?? 'free'} plan.` : ''}\n\nSee your plan and how to pay: ${link}`,
      };
    case 'ending':
      return { subject: `Your ${plan.name} plan ends on ${detail.periodEnd ? day(detail.periodEnd) : 'the end of its period'}`, text: `Your ${plan.name} plan on ${site} is cancelled. It stays in force until ${detail.periodEnd ? day(detail.periodEnd) : 'the end of its period'}, then you move to the ${detail.freePlan ?? 'free'} plan. Your live listings stay live.\n\nChanged your mind? ${link}` };
    case 'ended':
      return { subject: `Your ${plan.name} plan has ended`, text: `Your ${plan.name} plan on ${site} has ended and you are on the ${detail.freePlan ?? 'free'} plan now. Your live listings stay live; new listings and featured slots follow the ${detail.freePlan ?? 'free'} plan's limits.\n\nSee the plans: ${config.siteUrl}/pricing` };
  }
}

/** The audit entry and the provider's e-mail of one change, in the transaction that makes it. */
export async function announce(tx: Executor, deps: LifecycleDeps, providerId: string, change: PlanChange, plan: PlanRow, source: PlanSource, detail: { periodEnd: Date | null; graceEndsAt?: Date | null; extra?: Record<string, unknown> }) {
  const freePlan = (await findDefaultPlan(tx)).name;
  await recordAudit(tx, {
    actorId: source.kind === 'admin' ? source.adminId : source.kind === 'provider' ? source.providerId : null,
    action: `plan.${change}`,
    entityType: 'provider',
    entityId: providerId,
    details: {
      plan: plan.name,
      planId: plan.id,
      source: source.kind === 'stripe' ? 'stripe' : source.kind === 'admin' ? 'administrator' : source.kind,
      ...(source.kind === 'stripe' && { eventId: source.eventId }),
      periodEnd: detail.periodEnd?.toISOString() ?? null,
      ...detail.extra,
    },
  });
  const contact = await findUserContact(tx, providerId);
  if (contact) await deps.mailer.queue(tx, { to: contact.email, ...planMail(deps.config, change, plan, { ...detail, freePlan }) });
}

/**
 * Puts a provider on a paid plan for a period: a new plan (or one after an ended one) "starts",
 * the same plan paid again "renews". Returns which it was.
 */
export async function startOrRenew(
  tx: Executor,
  deps: LifecycleDeps,
  input: { providerId: string; plan: PlanRow; current: ProviderPlanRow | undefined; currentInForce: boolean; periodEnd: Date; source: PlanSource; values: Partial<ProviderPlanValues>; extra?: Record<string, unknown> },
): Promise<PlanChange> {
  const { current, plan } = input;
  const renewing = !!current && input.currentInForce && current.status !== 'ended' && current.planId === plan.id;
  const change: PlanChange = renewing ? 'renewed' : 'started';
  await saveProviderPlan(tx, input.providerId, {
    planId: plan.id,
    source: input.source.kind === 'stripe' ? 'stripe' : 'manual',
    status: 'active',
    currentPeriodEnd: input.periodEnd,
    cancelAtPeriodEnd: false,
    pastDueSince: null,
    endedAt: null,
    stripeCustomerId: current?.stripeCustomerId ?? null,
    stripeSubscriptionId: current?.stripeSubscriptionId ?? null,
    statusEventCreated: current?.statusEventCreated ?? null,
    ...input.values,
  });
  // A move to a plan with fewer featured slots: the slots beyond it end with the old period.
  if (!renewing && current && input.currentInForce) await endFeaturedBeyondGrant(tx, input.providerId, plan.featuredSlots, current.currentPeriodEnd);
  await announce(tx, deps, input.providerId, change, plan, input.source, { periodEnd: input.periodEnd, extra: input.extra });
  return change;
}

export async function markPastDue(tx: Executor, deps: LifecycleDeps, row: ProviderPlanRow, plan: PlanRow, at: Date, graceDays: number, source: PlanSource, values: Partial<ProviderPlanValues> = {}) {
  const alreadyDue = row.status === 'past_due';
  const pastDueSince = alreadyDue && row.pastDueSince ? row.pastDueSince : at;
  await updateProviderPlan(tx, row.providerId, { status: 'past_due', pastDueSince, ...values });
  // A second failed attempt in the same spell is not news: one mail per spell.
  if (!alreadyDue) await announce(tx, deps, row.providerId, 'payment_failed', plan, source, { periodEnd: row.currentPeriodEnd, graceEndsAt: new Date(pastDueSince.getTime() + graceDays * 86_400_000) });
}

/** A cancellation (at the period's end) recorded, or withdrawn. */
export async function setEnding(tx: Executor, deps: LifecycleDeps, row: ProviderPlanRow, plan: PlanRow, cancel: boolean, source: PlanSource, values: Partial<ProviderPlanValues> = {}) {
  await updateProviderPlan(tx, row.providerId, { cancelAtPeriodEnd: cancel, ...values });
  if (cancel && !row.cancelAtPeriodEnd) {
    await announce(tx, deps, row.providerId, 'ending', plan, source, { periodEnd: row.currentPeriodEnd });
    // Featured slots beyond the free plan's grant end with the period, not now.
    await endFeaturedBeyondGrant(tx, row.providerId, (await findDefaultPlan(tx)).featuredSlots, row.currentPeriodEnd);
  }
}

export async function endPlan(tx: Executor, deps: LifecycleDeps, row: ProviderPlanRow, plan: PlanRow, at: Date, source: PlanSource, values: Partial<ProviderPlanValues> = {}) {
  if (row.status === 'ended') return;
  await updateProviderPlan(tx, row.providerId, { status: 'ended', endedAt: at, cancelAtPeriodEnd: false, ...values });
  await endFeaturedBeyondGrant(tx, row.providerId, (await findDefaultPlan(tx)).featuredSlots, at);
  // Those slots end now, with the plan: their listings stop being featured in this transaction.
  await endDueSlots(tx, at);
  await announce(tx, deps, row.providerId, 'ended', plan, source, { periodEnd: null });
}
