import { and, desc, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { outbox } from '../../../db/schema/messages';
import { plans, providerPlans, stripeEvents } from '../../../db/schema/plans';
import { createUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { checkoutReference } from './checkout-reference';

const SECRET = 'whsec_test_0123456789abcdefghijklmnop';
const { app, db, config } = await createTestApp({ stripeWebhookSecret: SECRET });
const [pro] = await db.insert(plans).values({ name: 'Pro', priceCents: 4900, featuredSlots: 2, insight: true, partnerTerms: true, badge: 'Pro partner', stripePaymentLink: 'https://buy.stripe.com/test_pro', stripePriceId: 'price_pro' }).returning();

let sequence = 0;
const now = () => Math.floor(Date.now() / 1000);
const event = (type: string, object: object, created = now()) => ({ id: `evt_${++sequence}_${Math.random().toString(36).slice(2)}`, object: 'event', type, created, data: { object } });
const send = (body: object, { secret = SECRET, tamper }: { secret?: string; tamper?: (payload: string) => string } = {}) => {
  const payload = JSON.stringify(body);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', payload: tamper ? tamper(payload) : payload, headers: { 'content-type': 'application/json', 'stripe-signature': header, 'sec-fetch-site': 'cross-site', origin: 'https://hooks.stripe.com' } });
};
const rowOf = async (providerId: string) => (await db.select().from(providerPlans).where(eq(providerPlans.providerId, providerId)))[0];
const planOf = async (cookie: string) => (await app.inject({ url: '/api/provider/plan', headers: { cookie } })).json();
const mailsTo = (email: string) => db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id));
const checkout = (providerId: string, customer: string, subscription: string, reference = checkoutReference(config.sessionSecret, pro!.id, providerId)) =>
  event('checkout.session.completed', { id: `cs_${subscription}`, object: 'checkout.session', mode: 'subscription', client_reference_id: reference, customer, subscription });
const subscription = (id: string, customer: string, fields: object) => ({ id, object: 'subscription', customer, status: 'active', cancel_at_period_end: false, items: { data: [{ price: { id: 'price_pro' }, current_period_end: now() + 30 * 86_400 }] }, ...fields });
const invoice = (subscriptionId: string, customer: string, periodEnd: number, billingReason = 'subscription_cycle') => ({ id: `in_${++sequence}`, object: 'invoice', customer, subscription: subscriptionId, billing_reason: billingReason, lines: { data: [{ period: { end: periodEnd } }] } });

describe('the signature', () => {
  it('answers 400 and changes nothing when it is wrong, missing, stale, or the body was changed', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const body = checkout(provider.id, 'cus_sig', 'sub_sig');
    expect((await send(body, { secret: 'whsec_another_secret_0123456789' })).statusCode).toBe(400);
    expect((await send(body, { tamper: (payload) => payload.replace('cus_sig', 'cus_evil') })).statusCode).toBe(400);
    const unsigned = await app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', payload: body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    const payload = JSON.stringify(body);
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: now() - 3600 });
    expect((await app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': stale } })).statusCode).toBe(400);
    expect(await db.select().from(stripeEvents)).toEqual([]);
    expect(await rowOf(provider.id)).toBeUndefined();
  });
});

describe('a subscription through a Payment Link', () => {
  const customer = 'cus_life';
  const sub = 'sub_life';
  let provider: Awaited<ReturnType<typeof createUser>>;

  it('puts the reference and e-mail in the link, and the customer portal link', async () => {
    provider = await createUser(app, db, { isProvider: true });
    await app.inject({ method: 'PUT', url: '/api/admin/billing', payload: { customerPortalUrl: 'https://billing.stripe.com/p/login/test_1', graceDays: 7 }, headers: { cookie: (await createUser(app, db, { isAdmin: true })).cookie } });
    const view = await planOf(provider.cookie);
    expect(view.billing).toBe('stripe');
    const link = new URL(view.plans.find((plan: { name: string }) => plan.name === 'Pro').checkoutUrl);
    expect(link.origin + link.pathname).toBe('https://buy.stripe.com/test_pro');
    expect(link.searchParams.get('client_reference_id')).toBe(checkoutReference(config.sessionSecret, pro!.id, provider.id));
    expect(link.searchParams.get('prefilled_email')).toBe(provider.email);
    expect(new URL(view.portalUrl).searchParams.get('prefilled_email')).toBe(provider.email);
  });

  it('starts the plan on checkout, once however often the event is delivered', async () => {
    const body = checkout(provider.id, customer, sub);
    const first = await send(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await send(body)).json().outcome).toBe('duplicate');
    expect(await planOf(provider.cookie)).toMatchObject({ plan: { name: 'Pro' }, status: 'active', source: 'stripe' });
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.entityId, provider.id), like(auditLog.action, 'plan.%')));
    expect(entries).toEqual([expect.objectContaining({ action: 'plan.started', actorId: null, details: expect.objectContaining({ source: 'stripe', eventId: body.id }) })]);
    expect((await mailsTo(provider.email)).map((mail) => mail.subject)).toEqual(['Your Pro plan has started']);
  });

  it('renews on invoice.paid, moving the period forward only', async () => {
    const end = now() + 60 * 86_400;
    expect((await send(event('invoice.paid', invoice(sub, customer, end)))).json().outcome).toBe('applied');
    expect((await rowOf(provider.id))!.currentPeriodEnd.getTime()).toBe(end * 1000);
    // An older period's invoice, delivered late, changes nothing.
    expect((await send(event('invoice.paid', invoice(sub, customer, now() + 5 * 86_400)))).json().outcome).toBe('ignored');
    expect((await rowOf(provider.id))!.currentPeriodEnd.getTime()).toBe(end * 1000);
    expect((await mailsTo(provider.email))[0]!.subject).toBe('Your Pro plan is renewed');
  });

  it('goes past due on a failed payment: the grace period, an e-mail, the dashboard', async () => {
    const end = (await rowOf(provider.id))!.currentPeriodEnd.getTime() / 1000;
    expect((await send(event('invoice.payment_failed', invoice(sub, customer, end)))).json().outcome).toBe('applied');
    const view = await planOf(provider.cookie);
    expect(view).toMatchObject({ status: 'past_due', plan: { name: 'Pro' } });
    expect(new Date(view.graceEndsAt).getTime() - Date.now()).toBeGreaterThan(6 * 86_400_000);
    expect((await mailsTo(provider.email))[0]!.subject).toBe('Payment for your Pro plan did not go through');
    // The retry succeeds: active again.
    expect((await send(event('invoice.paid', invoice(sub, customer, end)))).json().outcome).toBe('applied');
    expect((await planOf(provider.cookie)).status).toBe('active');
  });

  it('ends at the period end after a cancellation, and a late `updated` never undoes the deletion', async () => {
    const created = now();
    const cancelled = event('customer.subscription.updated', subscription(sub, customer, { cancel_at_period_end: true }), created);
    expect((await send(cancelled)).json().outcome).toBe('applied');
    expect((await planOf(provider.cookie)).status).toBe('ending');
    expect((await mailsTo(provider.email))[0]!.subject).toMatch(/^Your Pro plan ends on /);
    expect((await send(event('customer.subscription.deleted', subscription(sub, customer, { status: 'canceled' }), created + 5))).json().outcome).toBe('applied');
    expect((await mailsTo(provider.email))[0]!.subject).toBe('Your Pro plan has ended');
    // A reactivation sent earlier, delivered after the deletion.
    expect((await send(event('customer.subscription.updated', subscription(sub, customer, { status: 'active' }), created + 1))).json().outcome).toBe('ignored');
    expect((await send(event('invoice.paid', invoice(sub, customer, now() + 90 * 86_400)))).json().outcome).toBe('ignored');
    expect(await planOf(provider.cookie)).toMatchObject({ status: 'free', plan: { name: 'Free' } });
  });
});

describe('events out of order', () => {
  it('keeps events that overtook their checkout, and applies them when it arrives', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const end = now() + 31 * 86_400;
    expect((await send(event('customer.subscription.updated', subscription('sub_early', 'cus_early', { items: { data: [{ price: { id: 'price_pro' }, current_period_end: end }] } })))).json().outcome).toBe('waiting');
    expect((await send(event('invoice.paid', invoice('sub_early', 'cus_early', end, 'subscription_create')))).json().outcome).toBe('waiting');
    expect(await rowOf(provider.id)).toBeUndefined();
    expect((await send(checkout(provider.id, 'cus_early', 'sub_early'))).json().outcome).toBe('applied');
    const row = await rowOf(provider.id);
    expect(row).toMatchObject({ status: 'active', stripeSubscriptionId: 'sub_early' });
    expect(row!.currentPeriodEnd.getTime()).toBe(end * 1000);
    const outcomes = await db.select({ type: stripeEvents.type, outcome: stripeEvents.outcome }).from(stripeEvents).where(eq(stripeEvents.subscriptionId, 'sub_early'));
    expect(outcomes.every((row) => row.outcome === 'applied')).toBe(true);
    // One "started" mail: the first invoice is the checkout's own payment.
    expect((await mailsTo(provider.email)).map((mail) => mail.subject)).toEqual(['Your Pro plan has started']);
  });

  it('applies a deletion that arrived before its checkout: the plan ends', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    await send(event('customer.subscription.deleted', subscription('sub_gone', 'cus_gone', { status: 'canceled' })));
    await send(checkout(provider.id, 'cus_gone', 'sub_gone'));
    expect((await planOf(provider.cookie)).status).toBe('free');
  });
});

describe('the reference', () => {
  it('refuses, and logs, a checkout whose reference names another provider than the customer belongs to', async () => {
    const owner = await createUser(app, db, { isProvider: true });
    const other = await createUser(app, db, { isProvider: true });
    await send(checkout(owner.id, 'cus_owned', 'sub_owned'));
    const res = await send(checkout(other.id, 'cus_owned', 'sub_other'));
    expect(res.json().outcome).toBe('refused');
    expect(await rowOf(other.id)).toBeUndefined();
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'billing.refused')).orderBy(desc(auditLog.id));
    expect(entry!.details).toMatchObject({ customerId: 'cus_owned', referenceProviderId: other.id, customerProviderId: owner.id });
  });

  it('refuses a reference edited in the address bar, or one Stripe dropped', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const victim = await createUser(app, db, { isProvider: true });
    const edited = checkoutReference(config.sessionSecret, pro!.id, provider.id)!.replace(provider.id, victim.id);
    expect((await send(checkout(victim.id, 'cus_edit', 'sub_edit', edited))).json().outcome).toBe('refused');
    expect((await send(checkout(provider.id, 'cus_null', 'sub_null', null as never))).json().outcome).toBe('refused');
    expect(await rowOf(victim.id)).toBeUndefined();
    expect(await rowOf(provider.id)).toBeUndefined();
  });
});
