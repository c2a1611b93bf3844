import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createPartnerProgramme, createUser, type TestUser } from '../../../../test/factories';
import { createRenderedTestApp } from '../../../../test/rendered-test-app';

// Terms on request granted by an approved partner application (docs/decisions/partner-applications.md):
// the granted member sees them wherever terms appear (the listing's page and JSON, the cards of the
// catalogue, favourites and the provider profile, the comparison), nobody else does (another member,
// a visitor, the JSON-LD, the cached home lists), and the CSV export stays the administrators'.
const { app, db } = await createRenderedTestApp();

const provider = await createUser(app, db, { isProvider: true, companyName: 'Grantwell' });
const granted = await createUser(app, db);
const other = await createUser(app, db);
const admin = await createUser(app, db, { isAdmin: true });
const category = await createCategory(db, { type: 'services', name: 'Analytics', slug: 'analytics' });
const listing = await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'granted-reports', title: 'Granted reports', price: '120.00', priceType: 'monthly', isFeatured: true });
// Distinctive amounts: 52.19 wholesale at 93.71 retail is a 44.3% margin.
await createPartnerProgramme(db, listing.id, { visibility: 'on_request', wholesalePrice: '52.19', suggestedRetailPrice: '93.71' });
// Matched as whole numbers: a page's query state carries timestamps, and one written at
// 11:25:44.312 holds "44.3" (or at :52.19x, "52.19") without holding any term.
const AMOUNTS = /(?<![\d.:])(?:52\.19|93\.71|44\.3)(?!\d)/;

const get = (url: string, user?: TestUser) => app.inject({ url, headers: user ? { cookie: user.cookie } : {} });
const form = { agencyName: 'Granted agency', agencyWebsite: 'granted.example', clientCount: 9, regions: 'EU', services: 'Reporting', message: 'Please let us resell it.' };

// Another member applied too, and is still waiting: an open application grants nothing.
await app.inject({ method: 'POST', url: `/api/services/${listing.id}/partner-applications`, headers: { cookie: other.cookie }, payload: form });
const applied = await app.inject({ method: 'POST', url: `/api/services/${listing.id}/partner-applications`, headers: { cookie: granted.cookie }, payload: form });
const approved = await app.inject({ method: 'POST', url: `/api/partner-applications/${applied.json().id}/approve`, headers: { cookie: provider.cookie }, payload: {} });
if (approved.statusCode !== 200) throw new Error(`approval failed: ${approved.body}`);
for (const user of [granted, other]) await app.inject({ method: 'POST', url: `/api/favorites/${listing.id}`, headers: { cookie: user.cookie } });

const hasNumbers = (body: string) => AMOUNTS.test(body);
const viewers = [
  ['the granted member', granted, true],
  ['another member', other, false],
  ['a visitor', undefined, false],
] as const;

describe('terms on request granted to one member', () => {
  it.each(viewers)("the listing's programme JSON: %s", async (_name, user, sees) => {
    const programme = (await get(`/api/services/${listing.id}/partner-programme`, user)).json().programme;
    expect(programme.numbersHidden).toBe(!sees);
    expect(programme.wholesalePrice).toBe(sees ? '52.19' : null);
    expect(programme.figures.margin === null).toBe(!sees);
  });

  it.each(viewers)("the listing's page, its query state and JSON-LD: %s", async (_name, user, sees) => {
    const res = await get('/service/granted-reports', user);
    expect(res.statusCode).toBe(200);
    expect(hasNumbers(res.body)).toBe(sees);
    const jsonLd = res.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!;
    // Crawlers are visitors: the structured data carries public terms only, for everyone.
    expect(hasNumbers(jsonLd)).toBe(false);
    expect(jsonLd).not.toContain('SRP');
  });

  it.each(viewers)('the catalogue cards, JSON and page: %s', async (_name, user, sees) => {
    const cards = (await get('/api/services?limit=50', user)).json();
    const card = cards.find((item: { id: number }) => item.id === listing.id);
    expect(card.partner.numbersHidden).toBe(!sees);
    expect(card.partner.margin === null).toBe(!sees);
    expect(hasNumbers((await get('/services', user)).body)).toBe(sees);
  });

  it.each(viewers)('the provider profile cards: %s', async (_name, user, sees) => {
    const profile = (await get(`/api/providers/${provider.id}`, user)).json();
    expect(profile.listings[0].partner.numbersHidden).toBe(!sees);
    expect(hasNumbers((await get(`/company/${provider.id}`, user)).body)).toBe(sees);
  });

  it.each(viewers)('the comparison, JSON and page: %s', async (_name, user, sees) => {
    const compare = (await get(`/api/compare?ids=${listing.id}`, user)).json();
    expect(compare.items[0].programme.numbersHidden).toBe(!sees);
    expect(compare.items[0].programme.wholesalePrice).toBe(sees ? '52.19' : null);
    expect(hasNumbers((await get(`/compare?ids=${listing.id}`, user)).body)).toBe(sees);
  });

  it('the favourites, as each member may see them', async () => {
    for (const [user, sees] of [[granted, true], [other, false]] as const) {
      const card = (await get('/api/favorites', user)).json()[0];
      expect(card.partner.numbersHidden).toBe(!sees);
      expect(hasNumbers((await get('/favorites', user)).body)).toBe(sees);
    }
  });

  it("the home page's featured list is one cached visitor's view, for the granted member too", async () => {
    const featured = (await get('/api/services/featured', granted)).json();
    const card = featured.find((item: { id: number }) => item.id === listing.id);
    expect(card.partner.numbersHidden).toBe(true);
  });

  it('the CSV export is for administrators, who see every number; members are refused', async () => {
    expect((await get('/api/admin/export/listings.csv?type=services', granted)).statusCode).toBe(403);
    expect((await get('/api/admin/export/listings.csv?type=services')).statusCode).toBe(401);
    const csv = (await get('/api/admin/export/listings.csv?type=services', admin)).body;
    expect(csv).toContain('52.19');
  });

  it('a withdrawn partnership takes the grant back', async () => {
    const withdrawn = await app.inject({ method: 'POST', url: `/api/partner-applications/${applied.json().id}/withdraw`, headers: { cookie: granted.cookie }, payload: {} });
    expect(withdrawn.json().status).toBe('withdrawn');
    expect((await get(`/api/services/${listing.id}/partner-programme`, granted)).json().programme.numbersHidden).toBe(true);
    expect(hasNumbers((await get('/service/granted-reports', granted)).body)).toBe(false);
  });
});
