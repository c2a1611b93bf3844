import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createPartnerProgramme, createUser } from '../../../../test/factories';
import { createRenderedTestApp } from '../../../../test/rendered-test-app';

// The real server render inside a stand-in for the built index.html, as a browser gets the page.
const { app, db } = await createRenderedTestApp({ siteName: 'Agency Stack' });

const admin = await createUser(app, db, { isAdmin: true });
const owner = await createUser(app, db, { isProvider: true, companyName: 'Northwind Growth' });
const otherProvider = await createUser(app, db, { isProvider: true });
const member = await createUser(app, db);
const category = await createCategory(db, { type: 'services' });
const service = (status: 'pending' | 'rejected', title: string) =>
  createListing(db, { providerId: owner.id, categoryId: category.id, status, title, price: '120.00', priceType: 'monthly', deliveryTime: 5, rejectionReason: status === 'rejected' ? 'Add a price list and case studies' : null });

const pending = await service('pending', 'Awaiting Audit Service');
await createPartnerProgramme(db, pending.id);
const rejected = await service('rejected', 'Turned Down Service');

const viewers = { visitor: undefined, member: member.cookie, 'provider of another listing': otherProvider.cookie } as Record<string, string | undefined>;
const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

describe("a pending or rejected listing's page", () => {
  it.each([
    ['pending', pending],
    ['rejected', rejected],
  ] as const)('%s: its provider and administrators open it, marked not live, noindex, never cached publicly, without JSON-LD', async (_status, listing) => {
    for (const cookie of [owner.cookie, admin.cookie]) {
      for (const url of [`/service/${listing.slug}`, `/service/${listing.id}`]) {
        const res = await get(url, cookie);
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<meta name="robots" content="noindex" />');
        expect(res.body).not.toContain('rel="canonical"');
        expect(res.body).not.toContain('application/ld+json');
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.body).toContain(`<title>${listing.title} | Agency Stack</title>`);
        expect(res.body).toContain(listing.status === 'pending' ? 'Not live: this service is waiting for approval' : 'Not live: this service was rejected');
        expect(res.body).toContain(listing.title);
      }
    }
    expect((await get(`/service/${rejected.slug}`, owner.cookie)).body).toContain('Reason: Add a price list and case studies');
  });

  it.each(Object.keys(viewers))('answers 404 to a %s: the page, the JSON API, its reviews, its partner programme and its meta', async (who) => {
    const cookie = viewers[who];
    for (const listing of [pending, rejected]) {
      const page = await get(`/service/${listing.slug}`, cookie);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
      expect(page.body).not.toContain(listing.title);
      for (const url of [`/api/services/${listing.id}`, `/api/services/${listing.slug}`, `/api/services/${listing.id}/reviews`, `/api/services/${listing.id}/partner-programme`]) {
        expect((await get(url, cookie)).statusCode, url).toBe(404);
      }
      const meta = await get(`/api/meta/service?entityId=${listing.id}`, cookie);
      expect(meta.json().title).not.toContain(listing.title);
    }
  });

  it('the JSON API answers its provider and administrators, privately', async () => {
    for (const cookie of [owner.cookie, admin.cookie]) {
      const res = await get(`/api/services/${pending.id}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: pending.id, status: 'pending' });
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect((await get(`/api/meta/service?entityId=${pending.id}`, cookie)).json().title).toBe(`${pending.title} | Agency Stack`);
    }
  });

  it("the administrators' pending list carries every field and the listing's partner terms with every number", async () => {
    const res = await get('/api/admin/services/pending', admin.cookie);
    expect(res.statusCode).toBe(200);
    const item = (res.json() as { id: number }[]).find((row) => row.id === pending.id);
    expect(item).toMatchObject({
      title: pending.title,
      description: pending.description,
      features: pending.features,
      tags: pending.tags,
      priceType: 'monthly',
      deliveryTime: 5,
      programme: { types: ['white_label_resale'], wholesalePrice: '60.00', suggestedRetailPrice: '100.00', billingPeriod: 'monthly' },
    });
    expect((await get('/api/admin/services/pending', owner.cookie)).statusCode).toBe(403);
  });
});
