import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Database, Executor } from '../../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.queries';
import { readCheckoutReference } from './checkout-reference';
import { announce, endPlan, type LifecycleDeps, markPastDue, setEnding, startOrRenew } from './plan-lifecycle';
import * as queries from './plans.queries';
import { resolvePlan } from './plans.service';

/** The events a plan follows; any other the endpoint is sent is recorded and left alone. */
export const HANDLED_EVENTS = ['checkout.session.completed', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.paid', 'invoice.payment_failed'] as const;

export type StripeOutcome = 'applied' | 'duplicate' | 'waiting' | 'refused' | 'ignored';

/** The parts of a Stripe event this reads: ids, times and a few fields of its object, whatever the API version. */
type StripeObject = Record<string, unknown>;
type StripeEvent = { id: string; type: string; created: number; data: { object: StripeObject } };

const idOf = (value: unknown): string | null => (typeof value === 'string' ? value : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : null);
const seconds = (value: unknown): Date | null => (typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null);
const dig = (value: unknown, ...path: (string | number)[]): unknown => path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string | number, unknown>)[key] : undefined), value);

/** The subscription an event's object belongs to (an invoice names it at the top or, since 2025 API versions, under parent). */
function subscriptionOf(event: StripeEvent): string | null {
  const object = event.data.object;
  if (event.type.startsWith('customer.subscription.')) return idOf(object.id);
  return idOf(object.subscription) ?? idOf(dig(object, 'parent', 'subscription_details', 'subscription'));
}

/** The end of the period a subscription or an invoice covers. */
function periodEndOf(event: StripeEvent): Date | null {
  const object = event.data.object;
  if (event.type.startsWith('customer.subscription.')) return seconds(object.current_period_end) ?? seconds(dig(object, 'items', 'data', 0, 'current_period_end'));
  return seconds(dig(object, 'lines', 'data', 0, 'period', 'end')) ?? seconds(object.period_end);
}

const later = (a: Date, b: Date | null) => (b && b > a ? b : a);

function addPeriod(from: Date, period: 'month' | 'year'): Date {
  const end = new Date(from);
  if (period === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * POST /api/billing/stripe/webhook: the signature over the raw body is checked with Stripe's own
 * code (stripe.webhooks.constructEvent, five minutes' tolerance) before anything is read; a bad one
 * answers 400 and changes nothing. Each event is then applied once, by its id
 * (docs/decisions/plans-and-billing.md).
 */
export async function receiveStripeEvent(db: Database, deps: LifecycleDeps & { log: FastifyBaseLogger }, rawBody: string, signature: string | undefined): Promise<StripeOutcome> {
  const secret = deps.config.stripeWebhookSecret;
  if (!secret) throw AppError.badRequest('Stripe is not set up on this site: STRIPE_WEBHOOK_SECRET is unset.');
  let event: StripeEvent;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature ?? '', secret) as unknown as StripeEvent;
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, 'A Stripe webhook failed its signature check; nothing was changed');
    throw AppError.badRequest('The Stripe signature does not match this request.');
  }
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data || typeof event.data.object !== 'object') throw AppError.badRequest('This is not a Stripe event.');
  const outcome = await applyStripeEvent(db, deps, event);
  deps.mailer.deliver();
  return outcome;
}

export async function applyStripeEvent(db: Database, deps: LifecycleDeps & { log: FastifyBaseLogger }, event: StripeEvent): Promise<StripeOutcome> {
  return db.transaction(async (tx) => {
    const fresh = await queries.recordStripeEvent(tx, {
      id: event.id,
      type: event.type,
      created: event.created,
      subscriptionId: subscriptionOf(event),
      customerId: idOf(event.data.object.customer),
      payload: event as unknown as Record<string, unknown>,
      outcome: 'ignored',
    });
    if (!fresh) return 'duplicate';
    const outcome = await dispatch(tx, deps, event);
    await queries.setStripeEventOutcome(tx, event.id, outcome);
    return outcome;
  });
}

async function dispatch(tx: Executor, deps: LifecycleDeps & { log: FastifyBaseLogger }, event: StripeEvent): Promise<Exclude<StripeOutcome, 'duplicate'>> {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(tx, deps, event);
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return subscriptionEvent(tx, deps, event);
    default:
      return 'ignored';
  }
}

async function refuse(tx: Executor, deps: { log: FastifyBaseLogger }, event: StripeEvent, reason: string, details: Record<string, unknown> = {}) {
  deps.log.warn({ eventId: event.id, type: event.type, reason, ...details }, 'A Stripe event was refused');
  await recordAudit(tx, { actorId: null, action: 'billing.refused', entityType: 'stripe_event', entityId: event.id, details: { source: 'stripe', eventId: event.id, type: event.type, reason, ...details } });
  return 'refused' as const;
}

/**
 * A checkout through a plan's Payment Link: the reference the app put in the link names the plan
 * and provider, signed. It must verify, and the Stripe customer must not already belong to
 * another provider; then the plan starts, and events that overtook the checkout are applied.
 */
async function checkoutCompleted(tx: Executor, deps: LifecycleDeps & { log: FastifyBaseLogger }, event: StripeEvent) {
  const session = event.data.object;
  const reference = readCheckoutReference(deps.config.sessionSecret, session.client_reference_id);
  if (!reference) return refuse(tx, deps, event, 'The checkout carries no reference this site signed (missing, edited, or dropped by Stripe)', { reference: session.client_reference_id ?? null });
  const customerId = idOf(session.customer);
  const subscriptionId = idOf(session.subscription);
  const [plan, provider] = await Promise.all([queries.findPlan(tx, reference.planId), queries.findUserContact(tx, reference.providerId)]);
  if (!plan || plan.isDefault || !provider) return refuse(tx, deps, event, 'The reference names a plan or provider that does not exist', { planId: reference.planId, providerId: reference.providerId });
  if (customerId) {
    const owner = await queries.findProviderPlanBy(tx, { customerId }, true);
    if (owner && owner.providerId !== reference.providerId) {
      return refuse(tx, deps, event, 'The reference names another provider than the one this Stripe customer belongs to', { customerId, referenceProviderId: reference.providerId, customerProviderId: owner.providerId });
    }
  }
  const now = seconds(event.created) ?? new Date();
  const current = await resolvePlan(tx, reference.providerId, now, true);
  // Already applied through this subscription (a second session for it): nothing new.
  if (subscriptionId && current.row?.stripeSubscriptionId === subscriptionId && current.row.status !== 'ended') return 'ignored';
  await startOrRenew(tx, deps, {
    providerId: reference.providerId,
    plan,
    current: current.row,
    currentInForce: current.standing.inForce,
    // Until the subscription's own period arrives (customer.subscription.updated, invoice.paid): one period from the checkout.
    periodEnd: addPeriod(now, plan.period),
    source: { kind: 'stripe', eventId: event.id },
    values: { source: 'stripe', stripeCustomerId: customerId, stripeSubscriptionId: subscriptionId, statusEventCreated: event.created },
    extra: { customerId, subscriptionId },
  });
  // Events for this subscription that arrived first waited; they apply now, oldest first.
  for (const waiting of await queries.waitingStripeEvents(tx, { subscriptionId, customerId })) {
    const stored = waiting.payload as unknown as StripeEvent;
    const outcome = await subscriptionEvent(tx, deps, stored);
    await queries.setStripeEventOutcome(tx, waiting.id, outcome === 'waiting' ? 'ignored' : outcome);
  }
  return 'applied';
}

/**
 * The subscription's later life. Order is not guaranteed, so each rule holds whatever came first:
 * - an event for a subscription nobody is known for yet waits for its checkout;
 * - once a subscription is deleted, nothing about it applies again (a late `updated` never undoes it);
 * - the period's end only moves forward;
 * - a status older (by `created`) than the one in force is not applied.
 */
async function subscriptionEvent(tx: Executor, deps: LifecycleDeps & { log: FastifyBaseLogger }, event: StripeEvent): Promise<Exclude<StripeOutcome, 'duplicate'>> {
  const subscriptionId = subscriptionOf(event);
  if (!subscriptionId) return 'ignored';
  const row = await queries.findProviderPlanBy(tx, { subscriptionId }, true);
  if (!row) return 'waiting';
  if (row.status === 'ended') return 'ignored';
  const plan = (await queries.findPlan(tx, row.planId))!;
  const source = { kind: 'stripe', eventId: event.id } as const;
  const at = seconds(event.created) ?? new Date();
  const periodEnd = periodEndOf(event);
  const newer = event.created >= (row.statusEventCreated ?? 0);
  const object = event.data.object;

  switch (event.type) {
    case 'customer.subscription.deleted':
      await endPlan(tx, deps, row, plan, at, source, { statusEventCreated: event.created });
      return 'applied';

    case 'customer.subscription.updated': {
      const values = { currentPeriodEnd: later(row.currentPeriodEnd, periodEnd), ...(newer && { statusEventCreated: event.created }) };
      if (!newer) {
        await queries.updateProviderPlan(tx, row.providerId, { currentPeriodEnd: values.currentPeriodEnd });
        return 'ignored';
      }
      const status = typeof object.status === 'string' ? object.status : '';
      if (status === 'canceled' || status === 'incomplete_expired') {
        await endPlan(tx, deps, row, plan, at, source, values);
        return 'applied';
      }
      // A change of price in the customer portal moves the provider to the plan that sells it.
      const priceId = idOf(dig(object, 'items', 'data', 0, 'price'));
      const moved = priceId ? await queries.findPlanByStripePrice(tx, priceId) : undefined;
      if (moved && moved.id !== row.planId && !moved.isDefault) {
        await startOrRenew(tx, deps, { providerId: row.providerId, plan: moved, current: row, currentInForce: true, periodEnd: values.currentPeriodEnd, source, values: { ...values, source: 'stripe' } });
        return 'applied';
      }
      const cancelling = object.cancel_at_period_end === true || typeof object.cancel_at === 'number';
      if (status === 'past_due' || status === 'unpaid') {
        const { graceDays } = await queries.findBillingSettings(tx);
        await markPastDue(tx, deps, row, plan, at, graceDays, source, values);
      } else if (status === 'active' || status === 'trialing') {
        await queries.updateProviderPlan(tx, row.providerId, { ...values, status: 'active', pastDueSince: null });
      } else {
        await queries.updateProviderPlan(tx, row.providerId, values);
      }
      if (cancelling !== row.cancelAtPeriodEnd) {
        const refreshed = (await queries.findProviderPlan(tx, row.providerId))!;
        await setEnding(tx, deps, refreshed, plan, cancelling, source);
      }
      return 'applied';
    }

    case 'invoice.paid': {
      // An invoice for a period before the one in force (delivered late) changes nothing.
      if (periodEnd && periodEnd < row.currentPeriodEnd) return 'ignored';
      const firstInvoice = object.billing_reason === 'subscription_create';
      await queries.updateProviderPlan(tx, row.providerId, { status: 'active', pastDueSince: null, currentPeriodEnd: later(row.currentPeriodEnd, periodEnd), statusEventCreated: Math.max(event.created, row.statusEventCreated ?? 0) });
      // The first invoice is the checkout's own payment: the plan's start was announced with it.
      if (!firstInvoice) await announce(tx, deps, row.providerId, 'renewed', plan, source, { periodEnd: later(row.currentPeriodEnd, periodEnd), extra: { invoiceId: idOf(object.id) } });
      return 'applied';
    }

    case 'invoice.payment_failed': {
      if (!newer || (periodEnd && periodEnd < row.currentPeriodEnd)) return 'ignored';
      const { graceDays } = await queries.findBillingSettings(tx);
      await markPastDue(tx, deps, row, plan, at, graceDays, source, { statusEventCreated: event.created, currentPeriodEnd: later(row.currentPeriodEnd, periodEnd) });
      return 'applied';
    }
    default:
      return 'ignored';
  }
}

