import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { listings } from '../../../db/schema/listings';
import { plans } from '../../../db/schema/plans';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { createMailer } from '../mail/mailer';
import { sweepPlans } from './plans.service';

const { app, db, config } = await createTestApp();
const admin = await createUser(app, db, { isAdmin: true });
const category = await createCategory(db);
const deps = { mailer: createMailer(db, config, app.log), config };

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, ...(payload && { payload }), headers: cookie ? { cookie } : {} });

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const planInput = { description: '', period: 'month', listingLimit: null, insight: true, partnerTerms: true, badge: null, stripePaymentLink: null, stripePriceId: null };

async function createPlan(name: string, featuredSlots: number) {
  const res = await inject('POST', '/api/admin/plans', admin.cookie, { ...planInput, name, price: 10 + featuredSlots, featuredSlots });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>();
}
const pro = await createPlan('Pro', 2);
const solo = await createPlan('Solo', 1);

async function paidProvider(planId = pro.id, periodEnd = day(30)) {
  const provider = await createUser(app, db, { isProvider: true });
  const res = await inject('POST', '/api/admin/plan-payments', admin.cookie, { email: provider.email, planId, periodStart: day(0), periodEnd });
  expect(res.statusCode).toBe(201);
  return provider;
}

const fill = (cookie: string, listingId: number) => inject('POST', '/api/provider/featured-slots', cookie, { listingId });
const free = (cookie: string, listingId: number) => inject('DELETE', `/api/provider/featured-slots/${listingId}`, cookie);
const slotsOf = async (cookie: string) => (await inject('GET', '/api/provider/featured-slots', cookie)).json();
const shown = async (id: number) => (await db.select({ isFeatured: listings.isFeatured, featuredByEditor: listings.featuredByEditor }).from(listings).where(eq(listings.id, id)))[0]!;
const adminFeature = (id: number, isFeatured: boolean) => inject('PATCH', `/api/admin/services/${id}/featured`, admin.cookie, { isFeatured });
/** The ids of the first page of live services, in the catalogue's default order (featured first, then newest). */
const listOrder = async () => (await inject('GET', '/api/services?limit=50')).json<{ id: number; isFeatured: boolean }[]>();

describe('a provider fills their plan\'s featured slots', () => {
  it('features a live listing at once: first on the list and among the featured, counted on the plan tab, audited', async () => {
    const provider = await paidProvider();
    const listing = await createListing(db, { providerId: provider.id, categoryId: category.id, createdAt: new Date(Date.now() - 30 * DAY) });
    // A newer listing of someone else, so the featured one only comes first because it is featured.
    await createListing(db, { providerId: (await createUser(app, db, { isProvider: true })).id, categoryId: category.id });
    expect((await listOrder())[0]!.id).not.toBe(listing.id);

    const res = await fill(provider.cookie, listing.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ plan: 'Pro', granted: 2, used: 1, slots: [{ listingId: listing.id, title: listing.title, status: 'approved', endsAt: null }] });
    expect(await shown(listing.id)).toEqual({ isFeatured: true, featuredByEditor: false });
    // A visitor is told the placement is paid, on the card and on the listing's page.
    expect((await listOrder())[0]).toMatchObject({ id: listing.id, isFeatured: true, sponsored: true });
    const featured = (await inject('GET', '/api/services/featured?limit=24')).json<{ id: number; sponsored: boolean }[]>();
    expect(featured.find((item) => item.id === listing.id)).toMatchObject({ sponsored: true });
    expect((await inject('GET', `/api/services/${listing.slug}`)).json()).toMatchObject({ isFeatured: true, sponsored: true });
    expect((await inject('GET', '/api/provider/plan', provider.cookie)).json().usage.featured).toBe(1);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, String(listing.id)), like(auditLog.action, 'featured_slot.%'))).orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ action: 'featured_slot.fill', actorId: provider.id, details: { title: listing.title, plan: 'Pro' } });
  });

  it('frees a slot: the listing is no longer featured and the slot can be filled again', async () => {
    const provider = await paidProvider();
    const listing = await createListing(db, { providerId: provider.id, categoryId: category.id });
    expect((await fill(provider.cookie, listing.id)).statusCode).toBe(201);
    const res = await free(provider.cookie, listing.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ used: 0, slots: [] });
    expect(await shown(listing.id)).toEqual({ isFeatured: false, featuredByEditor: false });
    expect((await db.select().from(auditLog).where(and(eq(auditLog.entityId, String(listing.id)), eq(auditLog.action, 'featured_slot.free')))).length).toBe(1);
    expect((await free(provider.cookie, listing.id)).statusCode).toBe(404);
    expect((await fill(provider.cookie, listing.id)).statusCode).toBe(201);
  });

  it('refuses, with a message, what it may not do', async () => {
    const provider = await paidProvider(solo.id);
    const other = await createUser(app, db, { isProvider: true });
    const mine = await createListing(db, { providerId: provider.id, categoryId: category.id });
    const second = await createListing(db, { providerId: provider.id, categoryId: category.id });
    const pending = await createListing(db, { providerId: provider.id, categoryId: category.id, status: 'pending' });
    const rejected = await createListing(db, { providerId: provider.id, categoryId: category.id, status: 'rejected' });
    const picked = await createListing(db, { providerId: provider.id, categoryId: category.id, isFeatured: true });
    const othersLive = await createListing(db, { providerId: other.id, categoryId: category.id });
    const othersPending = await createListing(db, { providerId: other.id, categoryId: category.id, status: 'pending' });

    expect((await fill('', mine.id)).statusCode).toBe(401);
    const refused = async (listingId: number, status: number, message: string) => {
      const res = await fill(provider.cookie, listingId);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message });
    };
    await refused(othersLive.id, 403, 'You can only feature your own listings.');
    await refused(othersPending.id, 404, 'Listing not found');
    await refused(999_999, 404, 'Listing not found');
    await refused(pending.id, 409, 'Only a live listing can be featured: this one is waiting for approval.');
    await refused(rejected.id, 409, 'Only a live listing can be featured: this one was not approved. Edit it to resubmit it.');
    await refused(picked.id, 409, 'This service is already featured by our editors: a slot would add nothing. Choose another listing.');
    expect((await fill(provider.cookie, mine.id)).statusCode).toBe(201);
    await refused(mine.id, 409, 'This service already fills one of your featured slots.');
    await refused(second.id, 409, 'Your Solo plan has 1 featured slot, and you use 1. Stop featuring a listing, or upgrade your plan to feature more. See the plans at /pricing.');
    const bad = await inject('POST', '/api/provider/featured-slots', provider.cookie, { listingId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect((await inject('DELETE', '/api/provider/featured-slots/abc', provider.cookie)).statusCode).toBe(400);
    // Somebody else's slot is not theirs to free.
    const res = await free(other.cookie, mine.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This listing does not fill one of your featured slots.' });
    expect(await shown(mine.id)).toMatchObject({ isFeatured: true });
    for (const id of [second.id, pending.id, rejected.id, othersLive.id]) expect((await shown(id)).isFeatured).toBe(false);
  });

  it('refuses a provider on the free plan, naming the plan and the pricing page', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const listing = await createListing(db, { providerId: provider.id, categoryId: category.id });
    const res = await fill(provider.cookie, listing.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Your Free plan has no featured slots. See the plans at /pricing.' });
    expect(await slotsOf(provider.cookie)).toEqual({ plan: 'Free', granted: 0, used: 0, slots: [] });
  });

  it('never lets two requests at once take more slots than the plan grants', async () => {
    const provider = await paidProvider(solo.id);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createListing(db, { providerId: provider.id, categoryId: category.id })));
    const answers = await Promise.all([a!, b!, c!].map((listing) => fill(provider.cookie, listing.id)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await slotsOf(provider.cookie)).used).toBe(1);
    const featured = await db.select({ id: listings.id }).from(listings).where(and(eq(listings.providerId, provider.id), eq(listings.isFeatured, true)));
    expect(featured).toHaveLength(1);
  });
});

describe('featured slots and the editors\' picks', () => {
  it('keeps the two apart: un-featuring by an administrator leaves the slot, freeing the slot leaves the pick', async () => {
    const provider = await paidProvider();
    const listing = await createListing(db, { providerId: provider.id, categoryId: category.id });
    expect((await fill(provider.cookie, listing.id)).statusCode).toBe(201);
    expect((await adminFeature(listing.id, true)).json()).toMatchObject({ isFeatured: true, featuredByEditor: true, sponsored: false });
    const unfeatured = await adminFeature(listing.id, false);
    expect(unfeatured.statusCode).toBe(200);
    expect(unfeatured.json()).toMatchObject({ isFeatured: true, featuredByEditor: false, sponsored: true });
    await adminFeature(listing.id, true);
    expect((await free(provider.cookie, listing.id)).statusCode).toBe(200);
    expect(await shown(listing.id)).toEqual({ isFeatured: true, featuredByEditor: true });
    await adminFeature(listing.id, false);
    expect(await shown(listing.id)).toEqual({ isFeatured: false, featuredByEditor: false });
  });

  it('leaves administrators\' featuring as it was for listings without a slot, the admin edit dialog included', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const listing = await createListing(db, { providerId: provider.id, categoryId: category.id });
    expect((await adminFeature(listing.id, true)).json()).toMatchObject({ isFeatured: true });
    expect((await listOrder())[0]!.id).toBe(listing.id);
    const edit = await inject('PATCH', `/api/services/${listing.id}`, admin.cookie, { title: listing.title, description: listing.description, categoryId: category.id, price: '', priceType: 'fixed', deliveryTime: 3, tags: [], features: '', isFeatured: false });
    expect(edit.statusCode).toBe(200);
    expect(await shown(listing.id)).toEqual({ isFeatured: false, featuredByEditor: false });
    // A provider still cannot feature through the listing form.
    const own = await inject('PATCH', `/api/services/${listing.id}`, provider.cookie, { title: listing.title, description: listing.description, categoryId: category.id, price: '', priceType: 'fixed', deliveryTime: 3, tags: [], features: '', isFeatured: true });
    expect(own.statusCode).toBe(403);
  });
});

describe('a downgrade ends the slots beyond the new grant at the period\'s end', () => {
  it('keeps them featured until then; the sweep then stops featuring them and keeps the editors\' pick', async () => {
    const provider = await paidProvider(pro.id, day(20));
    const first = await createListing(db, { providerId: provider.id, categoryId: category.id });
    const second = await createListing(db, { providerId: provider.id, categoryId: category.id });
    expect((await fill(provider.cookie, first.id)).statusCode).toBe(201);
    expect((await fill(provider.cookie, second.id)).statusCode).toBe(201);
    // The editors pick both as well; only the pick must survive the slot's end.
    await adminFeature(second.id, true);

    const move = await inject('POST', '/api/admin/plan-payments', admin.cookie, { email: provider.email, planId: solo.id, periodStart: day(0), periodEnd: day(50) });
    expect(move.json().change).toBe('started');
    const view = await slotsOf(provider.cookie);
    expect(view).toMatchObject({ plan: 'Solo', granted: 1, used: 2 });
    const ending = view.slots.filter((slot: { endsAt: string | null }) => slot.endsAt !== null);
    expect(ending).toHaveLength(1);
    expect(ending[0].endsAt.slice(0, 10)).toBe(day(20));
    // Nothing live is taken down now, and no slot is free.
    expect(await sweepPlans(db, deps)).toBe(0);
    expect((await shown(first.id)).isFeatured).toBe(true);
    expect((await shown(second.id)).isFeatured).toBe(true);
    const third = await createListing(db, { providerId: provider.id, categoryId: category.id });
    expect((await fill(provider.cookie, third.id)).statusCode).toBe(409);

    await sweepPlans(db, deps, new Date(Date.now() + 21 * DAY));
    const after = await slotsOf(provider.cookie);
    expect(after).toMatchObject({ granted: 1, used: 1 });
    const endedId = ending[0].listingId as number;
    const keptId = endedId === first.id ? second.id : first.id;
    expect(after.slots.map((slot: { listingId: number }) => slot.listingId)).toEqual([keptId]);
    expect((await shown(keptId)).isFeatured).toBe(true);
    // The ended slot's listing is featured after the sweep only if the editors picked it.
    expect(await shown(endedId)).toEqual(endedId === second.id ? { isFeatured: true, featuredByEditor: true } : { isFeatured: false, featuredByEditor: false });
  });

  it('ends every slot when the plan ends, keeping only editors\' picks featured', async () => {
    const provider = await paidProvider(pro.id, day(10));
    const listing = await createListing(db, { providerId: provider.id, categoryId: category.id });
    expect((await fill(provider.cookie, listing.id)).statusCode).toBe(201);
    expect((await inject('POST', `/api/admin/providers/${provider.id}/plan/end`, admin.cookie)).statusCode).toBe(204);
    expect(await slotsOf(provider.cookie)).toMatchObject({ plan: 'Free', granted: 0, used: 0, slots: [] });
    expect(await shown(listing.id)).toEqual({ isFeatured: false, featuredByEditor: false });
  });

  it('lets a cancelled plan\'s slots run to the period\'s end, then the sweep ends them', async () => {
    const provider = await paidProvider(pro.id, day(10));
    const listing = await createListing(db, { providerId: provider.id, categoryId: category.id });
    expect((await fill(provider.cookie, listing.id)).statusCode).toBe(201);
    expect((await inject('POST', '/api/provider/plan/cancel', provider.cookie)).statusCode).toBe(200);
    expect((await slotsOf(provider.cookie)).slots[0].endsAt.slice(0, 10)).toBe(day(10));
    expect(await sweepPlans(db, deps)).toBe(0);
    expect((await shown(listing.id)).isFeatured).toBe(true);
    await sweepPlans(db, deps, new Date(Date.now() + 11 * DAY));
    expect((await shown(listing.id)).isFeatured).toBe(false);
    expect((await db.select().from(plans).where(eq(plans.id, pro.id))).length).toBe(1);
  });
});
