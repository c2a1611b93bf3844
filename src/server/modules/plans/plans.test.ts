import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { outbox } from '../../../db/schema/messages';
import { plans, providerPlans } from '../../../db/schema/plans';
import { createCategory, createListing, createUser, samplePartnerTerms } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { createMailer } from '../mail/mailer';
import { sweepPlans } from './plans.service';

const { app, db, config } = await createTestApp();
const admin = await createUser(app, db, { isAdmin: true });
const provider = await createUser(app, db, { isProvider: true });
const member = await createUser(app, db);
const category = await createCategory(db);
const deps = { mailer: createMailer(db, config, app.log), config };

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, ...(payload && { payload }), headers: cookie ? { cookie } : {} });

const paidPlan = {
  name: 'Pro',
  description: 'For providers who sell more',
  price: 49,
  period: 'month',
  listingLimit: 20,
  featuredSlots: 2,
  insight: true,
  partnerTerms: true,
  badge: 'Pro partner',
  stripePaymentLink: null,
  stripePriceId: null,
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const planOf = async (cookie: string) => (await inject('GET', '/api/provider/plan', cookie)).json();
const mailsTo = (email: string) => db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id));
const planAudit = (providerId: string) => db.select().from(auditLog).where(and(eq(auditLog.entityId, providerId), like(auditLog.action, 'plan.%'))).orderBy(desc(auditLog.id));

async function setFreeGrants(grants: Partial<typeof paidPlan>) {
  const [free] = await db.select().from(plans).where(eq(plans.isDefault, true));
  const res = await inject('PUT', `/api/admin/plans/${free!.id}`, admin.cookie, { name: free!.name, description: free!.description, price: 0, period: 'month', listingLimit: null, featuredSlots: 0, insight: true, partnerTerms: true, badge: null, stripePaymentLink: null, stripePriceId: null, ...grants });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('plans as administrators define them', () => {
  it('has one free default plan from the start, shown on the public list', async () => {
    const res = await inject('GET', '/api/plans');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ name: 'Free', priceCents: 0, isDefault: true, listingLimit: null, insight: true, partnerTerms: true })]);
  });

  it('lets only administrators define, change and delete plans', async () => {
    expect((await inject('POST', '/api/admin/plans', undefined, paidPlan)).statusCode).toBe(401);
    expect((await inject('POST', '/api/admin/plans', provider.cookie, paidPlan)).statusCode).toBe(403);
    const created = await inject('POST', '/api/admin/plans', admin.cookie, paidPlan);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Pro', priceCents: 4900, featuredSlots: 2, badge: 'Pro partner', providers: 0 });
    expect((await inject('GET', '/api/plans')).json().map((plan: { name: string }) => plan.name)).toEqual(['Free', 'Pro']);
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'plan.create'));
    expect(entries).toHaveLength(1);
  });

  it('answers bad input with messages, not 500s', async () => {
    const res = await inject('POST', '/api/admin/plans', admin.cookie, { ...paidPlan, name: '', price: -1, period: 'week', stripePaymentLink: 'https://evil.example/pay' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['name', 'price', 'period', 'stripePaymentLink']));
    expect((await inject('POST', '/api/admin/plans', admin.cookie, { ...paidPlan, name: 'pro' })).statusCode).toBe(409);
    expect((await inject('POST', '/api/admin/plans', admin.cookie, { ...paidPlan, name: 'Zero', price: 0 })).statusCode).toBe(400);
  });

  it('keeps the free plan: free of charge, and never deleted', async () => {
    const [free] = await db.select().from(plans).where(eq(plans.isDefault, true));
    expect((await inject('DELETE', `/api/admin/plans/${free!.id}`, admin.cookie)).statusCode).toBe(409);
    const priced = await inject('PUT', `/api/admin/plans/${free!.id}`, admin.cookie, { ...paidPlan, name: 'Free', price: 5 });
    expect(priced.statusCode).toBe(400);
  });
});

describe('grants enforced on the server', () => {
  it('refuses a listing over the limit with a message naming the plans page, and takes nothing live down', async () => {
    await setFreeGrants({ listingLimit: 1 });
    const seller = await createUser(app, db, { isProvider: true });
    await createListing(db, { providerId: seller.id, categoryId: category.id });
    const payload = { title: 'Second audit', description: 'Another audit of your local search presence.', categoryId: category.id, price: '100', priceType: 'fixed', deliveryTime: 3, tags: [], features: '', type: 'services' };
    const res = await inject('POST', '/api/services', seller.cookie, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your Free plan allows 1 live listing, and you have 1. Upgrade your plan to list more. See the plans at /pricing.');
    // Administrators adding content for the provider are not bound by it.
    expect((await inject('POST', '/api/services', admin.cookie, { ...payload, providerId: seller.id })).statusCode).toBe(201);
    expect((await planOf(seller.cookie)).usage.listings).toBe(2);
    await setFreeGrants({});
    expect((await inject('POST', '/api/services', seller.cookie, { ...payload, title: 'Third audit' })).statusCode).toBe(201);
  });

  it('answers "not in your plan" for the insight route and partner-programme terms where not granted', async () => {
    await setFreeGrants({ insight: false, partnerTerms: false });
    const seller = await createUser(app, db, { isProvider: true });
    const listing = await createListing(db, { providerId: seller.id, categoryId: category.id, status: 'pending' });
    const insight = await inject('GET', '/api/provider/insight', seller.cookie);
    expect(insight.statusCode).toBe(403);
    expect(insight.json().message).toBe('The insight screen (daily figures) is not in your plan. See the plans at /pricing.');
    expect((await inject('GET', '/api/provider/insight.csv', seller.cookie)).statusCode).toBe(403);
    const terms = await inject('PUT', `/api/services/${listing.id}/partner-programme`, seller.cookie, samplePartnerTerms);
    expect(terms.statusCode).toBe(403);
    expect(terms.json().message).toBe('Partner-programme terms on listings are not in your plan. See the plans at /pricing.');
    await setFreeGrants({});
    expect((await inject('GET', '/api/provider/insight', seller.cookie)).statusCode).toBe(200);
    expect((await inject('PUT', `/api/services/${listing.id}/partner-programme`, seller.cookie, samplePartnerTerms)).statusCode).toBe(200);
  });
});

describe('manual billing', () => {
  it('starts the plan on a recorded payment: plan tab, audit entry with the administrator, and an e-mail', async () => {
    const [pro] = await db.select().from(plans).where(eq(plans.name, 'Pro'));
    expect((await inject('POST', '/api/admin/plan-payments', provider.cookie, { email: provider.email, planId: pro!.id, periodStart: day(0), periodEnd: day(30) })).statusCode).toBe(403);
    const res = await inject('POST', '/api/admin/plan-payments', admin.cookie, { email: provider.email, planId: pro!.id, periodStart: day(0), periodEnd: day(30), amount: 49, note: 'Invoice 2026-001' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ change: 'started', providerId: provider.id });
    const view = await planOf(provider.cookie);
    expect(view).toMatchObject({ plan: { name: 'Pro', featuredSlots: 2 }, status: 'active', source: 'manual', billing: 'manual', portalUrl: null });
    expect(view.periodEnd.slice(0, 10)).toBe(day(30));
    expect(view.plans.every((plan: { checkoutUrl: string | null }) => plan.checkoutUrl === null)).toBe(true);
    const [entry] = await planAudit(provider.id);
    expect(entry).toMatchObject({ action: 'plan.started', actorId: admin.id, details: expect.objectContaining({ source: 'administrator', plan: 'Pro', payment: expect.objectContaining({ amount: 49, note: 'Invoice 2026-001' }) }) });
    const [mail] = await mailsTo(provider.email);
    expect(mail!.subject).toBe('Your Pro plan has started');
  });

  it('renews on the next payment of the same plan', async () => {
    const [pro] = await db.select().from(plans).where(eq(plans.name, 'Pro'));
    const res = await inject('POST', '/api/admin/plan-payments', admin.cookie, { email: provider.email, planId: pro!.id, periodStart: day(30), periodEnd: day(60) });
    expect(res.json().change).toBe('renewed');
    expect((await planOf(provider.cookie)).periodEnd.slice(0, 10)).toBe(day(60));
    expect((await mailsTo(provider.email))[0]!.subject).toBe('Your Pro plan is renewed');
  });

  it('refuses payments for unknown accounts, members, the free plan and past periods', async () => {
    const [pro] = await db.select().from(plans).where(eq(plans.name, 'Pro'));
    const [free] = await db.select().from(plans).where(eq(plans.isDefault, true));
    const record = (payload: object) => inject('POST', '/api/admin/plan-payments', admin.cookie, { email: provider.email, planId: pro!.id, periodStart: day(0), periodEnd: day(30), ...payload });
    expect((await record({ email: 'nobody@example.test' })).statusCode).toBe(400);
    expect((await record({ email: member.email })).statusCode).toBe(400);
    expect((await record({ planId: free!.id })).statusCode).toBe(400);
    expect((await record({ periodStart: day(-40), periodEnd: day(-10) })).statusCode).toBe(400);
    expect((await record({ periodEnd: day(-1) })).json().errors.periodEnd).toBe('The period must end after it starts');
  });

  it('lets the provider cancel: the plan stays until the period ends, then the sweep ends it and tells them', async () => {
    const res = await inject('POST', '/api/provider/plan/cancel', provider.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ending', plan: { name: 'Pro' } });
    expect((await mailsTo(provider.email))[0]!.subject).toMatch(/^Your Pro plan ends on /);
    expect((await inject('POST', '/api/provider/plan/cancel', provider.cookie)).statusCode).toBe(409);
    expect(await sweepPlans(db, deps)).toBe(0);
    expect(await sweepPlans(db, deps, new Date(Date.now() + 61 * 86_400_000))).toBe(1);
    expect((await mailsTo(provider.email))[0]!.subject).toBe('Your Pro plan has ended');
    expect(await planOf(provider.cookie)).toMatchObject({ status: 'free', plan: { name: 'Free' }, periodEnd: null });
    expect((await planAudit(provider.id))[0]).toMatchObject({ action: 'plan.ended', actorId: null, details: expect.objectContaining({ source: 'schedule' }) });
  });

  it('puts an unpaid period past due for the grace period, telling the provider, then ends it', async () => {
    const payer = await createUser(app, db, { isProvider: true });
    const [pro] = await db.select().from(plans).where(eq(plans.name, 'Pro'));
    await inject('POST', '/api/admin/plan-payments', admin.cookie, { email: payer.email, planId: pro!.id, periodStart: day(0), periodEnd: day(10) });
    const afterPeriod = new Date(Date.now() + 12 * 86_400_000);
    expect(await sweepPlans(db, deps, afterPeriod)).toBe(1);
    const [row] = await db.select().from(providerPlans).where(eq(providerPlans.providerId, payer.id));
    expect(row).toMatchObject({ status: 'past_due' });
    expect((await mailsTo(payer.email))[0]!.subject).toBe('Payment for your Pro plan did not go through');
    // Told once: the next sweep within the grace period changes nothing.
    expect(await sweepPlans(db, deps, new Date(afterPeriod.getTime() + 3_600_000))).toBe(0);
    expect(await sweepPlans(db, deps, new Date(Date.now() + 19 * 86_400_000))).toBe(1);
    expect((await mailsTo(payer.email))[0]!.subject).toBe('Your Pro plan has ended');
  });

  it('lets an administrator set the grace period and the portal link', async () => {
    expect((await inject('PUT', '/api/admin/billing', admin.cookie, { customerPortalUrl: 'https://example.com/portal', graceDays: 3 })).statusCode).toBe(400);
    const res = await inject('PUT', '/api/admin/billing', admin.cookie, { customerPortalUrl: 'https://billing.stripe.com/p/login/test_123', graceDays: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ customerPortalUrl: 'https://billing.stripe.com/p/login/test_123', graceDays: 3, mode: 'manual', webhookUrl: `${config.siteUrl}/api/billing/stripe/webhook` });
    await inject('PUT', '/api/admin/billing', admin.cookie, { customerPortalUrl: null, graceDays: 7 });
  });
});
