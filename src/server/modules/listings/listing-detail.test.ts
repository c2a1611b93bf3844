import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingDailyViews, listings, listingViewVisitors } from '../../../db/schema/listings';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { deleteStaleViewVisitors, recordListingView, viewDay } from './listing-views.queries';
import { viewVisitor } from './view-visitor';

const { app, db, config } = await createTestApp();

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

describe('GET /api/services/:id and /api/tools/:id (an id or a slug)', () => {
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
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const view = (url: string, { cookie, userAgent = browser, ip = '203.0.113.7' }: { cookie?: string; userAgent?: string; ip?: string } = {}) =>
    app.inject({ url, remoteAddress: ip, headers: { 'user-agent': userAgent, ...(cookie && { cookie }) } });

  it('counts a visitor, a member and an administrator once each, in the total and today’s row', async () => {
    const service = await newService();
    const first = await view(`/api/services/${service.id}`);
    expect(first.json().viewCount).toBe(1);
    await view(`/api/services/${service.slug}`, { cookie: member.cookie });
    await view(`/api/services/${service.id}`, { cookie: admin.cookie });
    expect(await viewsOf(service.id)).toEqual({ total: 3, today: 3 });
  });

  it('counts 31 reads by one visitor as one view, by id or slug, signed in or not', async () => {
    const service = await newService();
    for (let i = 0; i < 31; i++) await view(`/api/services/${i % 2 ? service.id : service.slug}`);
    for (let i = 0; i < 5; i++) await view(`/api/services/${service.id}`, { cookie: member.cookie, ip: `198.51.100.${i}` });
    expect(await viewsOf(service.id)).toEqual({ total: 2, today: 2 });
    const again = await view(`/api/services/${service.id}`);
    expect(again.json().viewCount).toBe(2);
  });

  it("counts a view without moving the listing's row off its page, so no index changes (migration 0015)", async () => {
    // Rows of about 1.9 kB (features are stored in the row and searched by nothing): four fill a
    // page to the brim, and with a fifth of each page kept free, three do. A row's update stays on
    // its page only if the page has room for the new version.
    const bulky = () => [Array.from({ length: 1_700 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('')];
    const services = [];
    for (let i = 0; i < 8; i++) services.push(await newService({ features: bulky() }));
    const pageOf = async (id: number) => {
      const result = (await db.execute(sql`select (ctid::text::point)[0]::int as page from listings where id = ${id}`)) as unknown as { rows: { page: number }[] };
      return Number(result.rows[0]!.page);
    };
    // A row with another written after it on the same page: its page is as full as inserts make it.
    const pages = await Promise.all(services.map((service) => pageOf(service.id)));
    const index = pages.findIndex((page, i) => i + 1 < pages.length && pages[i + 1] === page);
    expect(index).toBeGreaterThanOrEqual(0);
    const counted = services[index]!;
    const before = pages[index];
    expect((await view(`/api/services/${counted.id}`, { ip: '192.0.2.77' })).statusCode).toBe(200);
    expect(await viewsOf(counted.id)).toEqual({ total: 1, today: 1 });
    expect(await pageOf(counted.id)).toBe(before);
  });

  it('tells anonymous visitors apart by address and by user agent, and per listing', async () => {
    const service = await newService();
    const other = await newService();
    await view(`/api/services/${service.id}`);
    await view(`/api/services/${service.id}`, { ip: '203.0.113.8' });
    await view(`/api/services/${service.id}`, { userAgent: phone });
    await view(`/api/services/${other.id}`);
    expect(await viewsOf(service.id)).toEqual({ total: 3, today: 3 });
    expect(await viewsOf(other.id)).toEqual({ total: 1, today: 1 });
  });

  it('stores neither the address nor the user agent, only a hash that changes with the day', async () => {
    const service = await newService();
    const ip = '192.0.2.44';
    await view(`/api/services/${service.id}`, { ip });
    const rows = await db.select().from(listingViewVisitors).where(eq(listingViewVisitors.listingId, service.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.visitor).not.toContain(ip);
    expect(rows[0]!.visitor).not.toContain('Mozilla');
    const request = { userId: undefined, ip, userAgent: browser };
    const today = new Date('2026-11-24T10:00:00Z');
    expect(viewVisitor(config.sessionSecret, request, today)).toBe(viewVisitor(config.sessionSecret, request, new Date('2026-11-24T23:59:59Z')));
    expect(viewVisitor(config.sessionSecret, request, today)).not.toBe(viewVisitor(config.sessionSecret, request, new Date('2026-11-25T00:00:00Z')));
    expect(viewVisitor(config.sessionSecret, request, today)).not.toBe(viewVisitor('another-secret-another-secret-another', request, today));
  });

  it('counts the same visitor again on the next day, and the hourly clean-up forgets earlier days', async () => {
    const service = await newService();
    const monday = new Date('2026-11-23T12:00:00Z');
    const tuesday = new Date('2026-11-24T12:00:00Z');
    const visitor = viewVisitor(config.sessionSecret, { userId: member.id, ip: '203.0.113.7', userAgent: browser }, monday)!;
    expect(await recordListingView(db, service.id, visitor, monday)).toBe(true);
    expect(await recordListingView(db, service.id, visitor, monday)).toBe(false);
    expect(await recordListingView(db, service.id, visitor, tuesday)).toBe(true);
    await deleteStaleViewVisitors(db, tuesday);
    const left = await db.select({ day: listingViewVisitors.day }).from(listingViewVisitors).where(eq(listingViewVisitors.listingId, service.id));
    expect(left).toEqual([{ day: '2026-11-24' }]);
    const days = await db.select({ day: listingDailyViews.day, views: listingDailyViews.views }).from(listingDailyViews).where(eq(listingDailyViews.listingId, service.id));
    expect(days.sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { day: '2026-11-23', views: 1 },
      { day: '2026-11-24', views: 1 },
    ]);
  });

  it('does not count known bots, clients without a user agent, or scripts', async () => {
    const service = await newService();
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.32.3',
    ]) {
      await view(`/api/services/${service.id}`, { userAgent });
    }
    await app.inject({ url: `/api/services/${service.id}`, headers: { 'user-agent': '' } });
    expect(await viewsOf(service.id)).toEqual({ total: 0, today: 0 });
  });

  it('does not count the owner’s own views, or views of listings that are not live', async () => {
    const live = await newService();
    await view(`/api/services/${live.id}`, { cookie: owner.cookie });
    expect(await viewsOf(live.id)).toEqual({ total: 0, today: 0 });

    const pending = await newService({ status: 'pending' });
    await view(`/api/services/${pending.id}`, { cookie: admin.cookie });
    expect(await viewsOf(pending.id)).toEqual({ total: 0, today: 0 });
  });

  it('does not count HEAD requests', async () => {
    const service = await newService();
    const head = await app.inject({ method: 'HEAD', url: `/api/services/${service.id}`, headers: { 'user-agent': browser } });
    expect(head.statusCode).toBe(200);
    expect(await viewsOf(service.id)).toEqual({ total: 0, today: 0 });
  });

  it('does not count a 404', async () => {
    const tool = await createListing(db, { type: 'tools', providerId: owner.id, categoryId: toolCategory.id });
    await view(`/api/services/${tool.id}`);
    expect(await viewsOf(tool.id)).toEqual({ total: 0, today: 0 });
  });
});
