import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingDailyViews, listings } from '../../../db/schema/listings';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { viewDay } from './listing-views.queries';

const { app, db } = await createTestApp();

const owner = await createUser(app, db, { isProvider: true });
const member = await createUser(app, db);
const admin = await createUser(app, db, { isAdmin: true });
const category = await createCategory(db, { type: 'services' });
const toolCategory = await createCategory(db, { type: 'tools' });

const newService = (overrides: Partial<Parameters<typeof createListing>[1]> = {}) =>
  createListing(db, { type: 'services', providerId: owner.id, categoryId: category.id, ...overrides });

const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

async function viewsOf(listingId: number) {
  const [listing] = await db.select({ viewCount: listings.viewCount }).from(listings).where(eq(listings.id, listingId));
  const [today] = await db
    .select({ views: listingDailyViews.views })
    .from(listingDailyViews)
    .where(and(eq(listingDailyViews.listingId, listingId), eq(listingDailyViews.day, viewDay(new Date()))));
  return { total: listing!.viewCount, today: today?.views ?? 0 };
}

describe('GET /api/services/:idOrSlug and /api/tools/:idOrSlug', () => {
  it('finds a live listing by id or by slug, in the listing shape', async () => {
    const service = await newService({ slug: 'seo-audit', title: 'SEO audit', tags: ['seo'], features: ['Report'], price: '199.00', priceType: 'fixed', deliveryTime: 3 });
    for (const key of [String(service.id), 'seo-audit']) {
      const res = await get(`/api/services/${key}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: service.id,
        slug: 'seo-audit',
        type: 'services',
        title: 'SEO audit',
        tags: ['seo'],
        features: ['Report'],
        price: '199.00',
        priceType: 'fixed',
        deliveryTime: 3,
        category: { name: category.name, slug: category.slug },
        provider: { id: owner.id, slug: owner.slug },
        rejectionReason: null,
      });
    }
  });

  it('answers 404 with the type’s message for another type’s listing, unknown ids and slugs', async () => {
    const service = await newService();
    const tool = await createListing(db, { type: 'tools', providerId: owner.id, categoryId: toolCategory.id, slug: 'a-tool' });
    const cases: [string, string][] = [
      [`/api/tools/${service.id}`, 'Tool not found'],
      [`/api/services/${tool.id}`, 'Service not found'],
      ['/api/services/a-tool', 'Service not found'],
      ['/api/services/999999', 'Service not found'],
      ['/api/services/99999999999999999999', 'Service not found'],
      ['/api/services/0', 'Service not found'],
      [`/api/tools/${encodeURIComponent("x' or '1'='1")}`, 'Tool not found'],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message });
    }
    expect((await get('/api/tools/a-tool')).statusCode).toBe(200);
  });

  it('hides pending and rejected listings from visitors and other members, not from the owner or administrators', async () => {
    const rejected = await newService({ status: 'rejected', rejectionReason: 'Needs a price' });
    const pending = await newService({ status: 'pending' });
    for (const listing of [rejected, pending]) {
      expect((await get(`/api/services/${listing.id}`)).statusCode).toBe(404);
      expect((await get(`/api/services/${listing.slug}`, member.cookie)).statusCode).toBe(404);
      expect((await get(`/api/services/${listing.id}`, owner.cookie)).statusCode).toBe(200);
      expect((await get(`/api/services/${listing.id}`, admin.cookie)).statusCode).toBe(200);
    }
    expect((await get(`/api/services/${rejected.id}`, owner.cookie)).json().rejectionReason).toBe('Needs a price');
    expect((await get(`/api/services/${rejected.id}`, admin.cookie)).json().rejectionReason).toBe('Needs a price');
  });

  it('shows the rejection reason of a live listing’s refused edit only to its owner and administrators', async () => {
    const service = await newService({ rejectionReason: 'Edit refused' });
    expect((await get(`/api/services/${service.id}`)).json().rejectionReason).toBeNull();
    expect((await get(`/api/services/${service.id}`, member.cookie)).json().rejectionReason).toBeNull();
    expect((await get(`/api/services/${service.id}`, owner.cookie)).json().rejectionReason).toBe('Edit refused');
  });

  it('does not take the featured list for a slug', async () => {
    await newService({ slug: 'featured' });
    const res = await get('/api/services/featured');
    expect(Array.isArray(res.json())).toBe(true);
  });
});

describe('counting detail views', () => {
  it('counts every view of a live listing by visitors, members and administrators, in the total and today’s row', async () => {
    const service = await newService();
    const first = await get(`/api/services/${service.id}`);
    expect(first.json().viewCount).toBe(1);
    await get(`/api/services/${service.slug}`, member.cookie);
    await get(`/api/services/${service.id}`, admin.cookie);
    expect(await viewsOf(service.id)).toEqual({ total: 3, today: 3 });
  });

  it('does not count the owner’s own views, or views of listings that are not live', async () => {
    const live = await newService();
    await get(`/api/services/${live.id}`, owner.cookie);
    expect(await viewsOf(live.id)).toEqual({ total: 0, today: 0 });

    const pending = await newService({ status: 'pending' });
    await get(`/api/services/${pending.id}`, admin.cookie);
    expect(await viewsOf(pending.id)).toEqual({ total: 0, today: 0 });
  });

  it('does not count HEAD requests', async () => {
    const service = await newService();
    const head = await app.inject({ method: 'HEAD', url: `/api/services/${service.id}` });
    expect(head.statusCode).toBe(200);
    expect(await viewsOf(service.id)).toEqual({ total: 0, today: 0 });
  });

  it('does not count a 404', async () => {
    const tool = await createListing(db, { type: 'tools', providerId: owner.id, categoryId: toolCategory.id });
    await get(`/api/services/${tool.id}`);
    expect(await viewsOf(tool.id)).toEqual({ total: 0, today: 0 });
  });
});
