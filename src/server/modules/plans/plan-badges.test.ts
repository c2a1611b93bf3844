import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { plans, providerPlans } from '../../../db/schema/plans';
import { render } from '../../../web/entry-server';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { openTestDatabase } from '../../../../test/test-database';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createPageRenderer } from '../seo/render-page';
import { planBadges } from './plans.service';

// The badge of a provider's plan, beside their name: in the API's answers and in the pages the
// server renders (the real render, as pages.test.ts does), cached pages included.
const root = mkdtempSync(path.join(os.tmpdir(), 'plan-badges-test-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>Directory</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>');
const config = testConfig();
const database = await openTestDatabase();
const db = database.db;
const app = await buildApp({ config, database, client: { root, renderPage: createPageRenderer(db, config, render) } });
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

const DAY = 86_400_000;
const admin = await createUser(app, db, { isAdmin: true });
const category = await createCategory(db, { type: 'services' });
const growth = await app.inject({
  method: 'POST',
  url: '/api/admin/plans',
  headers: { cookie: admin.cookie },
  payload: { name: 'Growth', description: '', price: 99, period: 'month', listingLimit: null, featuredSlots: 0, insight: true, partnerTerms: true, badge: 'Growth partner', stripePaymentLink: null, stripePriceId: null },
});
expect(growth.statusCode).toBe(201);
const growthPlanId: number = growth.json().id;

async function providerWithListing(companyName: string) {
  const provider = await createUser(app, db, { isProvider: true, companyName });
  const listing = await createListing(db, { providerId: provider.id, categoryId: category.id, title: `${companyName} audit` });
  return { provider, listing };
}

async function pay(email: string) {
  const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
  const res = await app.inject({ method: 'POST', url: '/api/admin/plan-payments', headers: { cookie: admin.cookie }, payload: { email, planId: growthPlanId, periodStart: day(-1), periodEnd: day(30) } });
  expect(res.statusCode).toBe(201);
}

const profileBadge = async (slug: string) => {
  const res = await app.inject({ url: `/api/providers/${slug}` });
  expect(res.statusCode).toBe(200);
  return res.json().badge;
};
const listingBadge = async (slug: string) => {
  const res = await app.inject({ url: `/api/services/${slug}` });
  expect(res.statusCode).toBe(200);
  return res.json().provider.badge;
};
/** The page a visitor gets, as HTML; the badge is an element of its own beside the name. */
const page = async (url: string) => {
  const res = await app.inject({ url });
  expect(res.statusCode).toBe(200);
  return res.body.slice(res.body.indexOf('<div id="root">'));
};
const badgeInHtml = (html: string) => html.match(/<span[^>]*data-plan-badge[^>]*>(?:<svg[\s\S]*?<\/svg>)?([^<]*)<\/span>/)?.[1] ?? null;

describe("a plan's badge beside the provider's name", () => {
  it('shows the badge of a paid plan in force on the profile and the listing page, in the API and in the HTML', async () => {
    const { provider, listing } = await providerWithListing('Northwind Growth');
    await pay(provider.email);
    expect(await profileBadge(provider.slug)).toBe('Growth partner');
    expect(await listingBadge(listing.slug)).toBe('Growth partner');
    expect(badgeInHtml(await page(`/company/${provider.slug}`))).toBe('Growth partner');
    expect(badgeInHtml(await page(`/service/${listing.slug}`))).toBe('Growth partner');
  });

  it('drops the badge, cached pages included, when an administrator ends the plan', async () => {
    const { provider, listing } = await providerWithListing('Harbour Digital');
    await pay(provider.email);
    // Visitors' pages are cached: the end of the plan must empty the cache.
    expect(badgeInHtml(await page(`/company/${provider.slug}`))).toBe('Growth partner');
    expect(badgeInHtml(await page(`/service/${listing.slug}`))).toBe('Growth partner');
    const ended = await app.inject({ method: 'POST', url: `/api/admin/providers/${provider.id}/plan/end`, headers: { cookie: admin.cookie } });
    expect(ended.statusCode).toBe(204);
    expect(await profileBadge(provider.slug)).toBeNull();
    expect(await listingBadge(listing.slug)).toBeNull();
    expect(badgeInHtml(await page(`/company/${provider.slug}`))).toBeNull();
    expect(badgeInHtml(await page(`/service/${listing.slug}`))).toBeNull();
  });

  it('keeps the badge through the grace period of a failed payment and drops it after, and after a cancelled period ends', async () => {
    const { provider } = await providerWithListing('Summit Search');
    await pay(provider.email);
    const now = Date.now();
    const setRow = (values: Partial<typeof providerPlans.$inferInsert>) => db.update(providerPlans).set(values).where(eq(providerPlans.providerId, provider.id));

    await setRow({ status: 'past_due', pastDueSince: new Date(now - 2 * DAY) });
    expect(await profileBadge(provider.slug)).toBe('Growth partner');
    // The grace period is 7 days by default.
    await setRow({ status: 'past_due', pastDueSince: new Date(now - 8 * DAY) });
    expect(await profileBadge(provider.slug)).toBeNull();

    await setRow({ status: 'active', pastDueSince: null, cancelAtPeriodEnd: true, currentPeriodEnd: new Date(now + DAY) });
    expect(await profileBadge(provider.slug)).toBe('Growth partner');
    await setRow({ currentPeriodEnd: new Date(now - 1000) });
    expect(await profileBadge(provider.slug)).toBeNull();
  });

  it('shows no badge for a provider on the free plan, which has none', async () => {
    const { provider, listing } = await providerWithListing('Plain Provider');
    expect(await profileBadge(provider.slug)).toBeNull();
    expect(await listingBadge(listing.slug)).toBeNull();
    expect(badgeInHtml(await page(`/company/${provider.slug}`))).toBeNull();
    expect(badgeInHtml(await page(`/service/${listing.slug}`))).toBeNull();
  });

  it('answers the badges of many providers at once by the same rule, the free plan\'s badge for those without a paid plan in force', async () => {
    const paid = await providerWithListing('Batch Paid');
    const lapsed = await providerWithListing('Batch Lapsed');
    const free = await providerWithListing('Batch Free');
    await pay(paid.provider.email);
    await pay(lapsed.provider.email);
    await db.update(providerPlans).set({ status: 'ended', endedAt: new Date() }).where(eq(providerPlans.providerId, lapsed.provider.id));
    const ids = [paid.provider.id, lapsed.provider.id, free.provider.id];
    expect(Object.fromEntries(await planBadges(db, ids))).toEqual({ [paid.provider.id]: 'Growth partner', [lapsed.provider.id]: null, [free.provider.id]: null });

    const [freePlan] = await db.select().from(plans).where(eq(plans.isDefault, true));
    await db.update(plans).set({ badge: 'Listed' }).where(eq(plans.id, freePlan!.id));
    try {
      expect(Object.fromEntries(await planBadges(db, ids))).toEqual({ [paid.provider.id]: 'Growth partner', [lapsed.provider.id]: 'Listed', [free.provider.id]: 'Listed' });
    } finally {
      await db.update(plans).set({ badge: null }).where(eq(plans.id, freePlan!.id));
    }
  });

  it('declares the badge in the API document', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.components.schemas.ProviderProfile.properties.badge).toBeDefined();
    expect(doc.components.schemas.ProviderSummary.properties.badge).toBeDefined();
  });
});
