import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createPartnerProgramme, createUser } from '../../../../test/factories';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import { createRenderedTestApp } from '../../../../test/rendered-test-app';

// The listing page's "Partner programme" panel, its calculator and the cards' line, as the server
// renders them (the real client render from the sources): what a crawler, a browser without
// JavaScript and the first paint get. Numbers a viewer may not see must appear nowhere in the
// page: not in the markup, the query state, nor the JSON-LD.
const { app, db } = await createRenderedTestApp();

const provider = await createUser(app, db, { isProvider: true, companyName: 'Northwind' });
const member = await createUser(app, db);
const category = await createCategory(db, { type: 'services', name: 'Reporting', slug: 'reporting' });
const service = (slug: string) =>
  createListing(db, { providerId: provider.id, categoryId: category.id, slug, title: slug.replaceAll('-', ' '), price: '120.00', priceType: 'monthly', deliveryTime: 3 });

const open = await service('open-reports');
await createPartnerProgramme(db, open.id, { minRetailPrice: '80' });
await db.update(partnerProgrammes).set({ verifiedAt: new Date('2026-10-05T12:00:00Z'), verificationSource: 'document' });
// Distinctive amounts, so their absence from a page means something.
const membersOnly = await service('members-reports');
await createPartnerProgramme(db, membersOnly.id, { visibility: 'members', wholesalePrice: '61.37', suggestedRetailPrice: '97.43' });
const onRequest = await service('request-reports');
await createPartnerProgramme(db, onRequest.id, { visibility: 'on_request', wholesalePrice: '52.19', suggestedRetailPrice: '93.71', applyUrl: 'https://partners.example.test/request' });

const textOf = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'))
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
const jsonLdOf = (html: string) => JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!);
const page = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

describe('the listing page panel, rendered on the server', () => {
  it('shows the billing flow, margin and markup, the checklist and the apply link', async () => {
    const res = await page('/service/open-reports');
    const text = textOf(res.body);
    expect(text).toContain('Partner programme');
    expect(text).toContain('Verified Oct 2026');
    expect(text).toContain('You pay $60/mo, you bill your client.');
    expect(text).toContain('40% margin · 66.7% markup');
    expect(text).toContain('$40 /mo over the first 12 months (estimate)');
    expect(text).toContain('month-to-month');
    expect(text).toContain('Custom domain : included');
    expect(text).toContain('Your colours : not included');
    expect(text).toContain('White-label: full');
    expect(res.body).toMatch(/<a[^>]*href="https:\/\/partners.example.test\/apply"/);
  });

  it('the calculator is a GET form whose answer the server renders from the address', async () => {
    const res = await page('/service/open-reports?price=90&clients=5&months=24');
    // Submitted without JavaScript, the page comes back at the calculator, not at its top.
    const form = res.body.match(/<form[^>]*action="\/service\/open-reports#profit-calculator"[^>]*>/)?.[0];
    expect(form).toContain('method="get"');
    for (const name of ['price', 'markup', 'clients', 'months']) expect(res.body).toMatch(new RegExp(`<input[^>]*name="${name}"`));
    const text = textOf(res.body);
    // (90 - 60) x 5 clients = 150 a month, 1,800 over 12, 3,600 over 24; 30 / 90 = 33.3 % margin, 30 / 60 = 50 % markup.
    expect(text).toContain('Monthly profit $150');
    expect(text).toContain('12-month profit $1,800');
    expect(text).toContain('Profit over 24 months $3,600');
    expect(text).toContain('Margin 33.3%');
    expect(text).toContain('Markup 50%');
    const markup = textOf((await page('/service/open-reports?markup=100&clients=2')).body);
    expect(markup).toContain('Price per client $120/mo');
    expect(markup).toContain('Monthly profit $120');
  });

  it('puts the suggested and minimum retail prices of public terms into the JSON-LD beside the retail Offer', async () => {
    const offer = jsonLdOf((await page('/service/open-reports')).body).offers;
    expect(offer.price).toBe('120.00');
    expect(offer.priceSpecification).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/SRP', price: '100.00' }),
        expect.objectContaining({ '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/MinimumAdvertisedPrice', price: '80.00' }),
      ]),
    );
  });

  it('members-only numbers reach no visitor: not the markup, the query state nor the JSON-LD; a member sees them', async () => {
    const visitor = await page('/service/members-reports');
    for (const amount of ['61.37', '97.43', '$61']) expect(visitor.body).not.toContain(amount);
    expect(textOf(visitor.body)).toContain('The partner prices and commission are shown to signed-in members.');
    expect(JSON.stringify(jsonLdOf(visitor.body))).not.toContain('SRP');

    const signedIn = await page('/service/members-reports', member.cookie);
    expect(textOf(signedIn.body)).toContain('You pay $61.37/mo, you bill your client.');
  });

  it('terms on request show no numbers to visitors or members, and the apply action instead', async () => {
    for (const cookie of [undefined, member.cookie]) {
      const res = await page('/service/request-reports', cookie);
      for (const amount of ['52.19', '93.71']) expect(res.body).not.toContain(amount);
      expect(textOf(res.body)).toContain('The partner prices and commission are given on request.');
      expect(textOf(res.body)).toContain('Request the partner terms');
    }
    expect((await page('/service/request-reports', provider.cookie)).body).toContain('52.19');
  });
});

describe('the card line', () => {
  it('says the model, margin and commitment, or that terms are on request, with the verified month', async () => {
    const text = textOf((await page('/services')).body);
    expect(text).toContain('White-label resale · 40% margin · month-to-month Verified Oct 2026');
    expect(text).toContain('White-label resale · partner terms for members');
    expect(text).toContain('Partner terms on request');
    expect(text).not.toContain('37.0% margin');
  });
});

describe('the card line beyond the catalogue', () => {
  it("is on the provider profile's cards, with members' margins kept from a visitor's markup and query state", async () => {
    const visitor = await page(`/company/${provider.id}`);
    expect(visitor.statusCode).toBe(200);
    const text = textOf(visitor.body);
    expect(text).toContain('White-label resale · 40% margin · month-to-month Verified Oct 2026');
    expect(text).toContain('White-label resale · partner terms for members');
    expect(text).toContain('Partner terms on request');
    // 61.37 at 97.43 is a 37% margin, 52.19 at 93.71 a 44.3% one: neither may be anywhere in the page.
    expect(visitor.body).not.toMatch(/"margin":(37|44\.3)\b/);
    expect(text).not.toContain('37% margin');

    const signedIn = textOf((await page(`/company/${provider.id}`, member.cookie)).body);
    expect(signedIn).toContain('White-label resale · 37% margin · month-to-month');
    expect(signedIn).toContain('Partner terms on request');
  });

  it("is on the member's favourites, as the member may see it", async () => {
    for (const listing of [open, membersOnly, onRequest]) {
      await app.inject({ method: 'POST', url: `/api/favorites/${listing.id}`, headers: { cookie: member.cookie } });
    }
    const res = await page('/favorites', member.cookie);
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain('White-label resale · 40% margin · month-to-month Verified Oct 2026');
    expect(text).toContain('White-label resale · 37% margin · month-to-month');
    expect(text).toContain('Partner terms on request');
    expect(res.body).not.toContain('52.19');
  });
});

describe("the administrators' Partner programmes tab", () => {
  it('comes from the server whole: rows with the provider, visibility and verification, before any script runs', async () => {
    const admin = await createUser(app, db, { isAdmin: true });
    const res = await page('/admin?tab=partner-programmes', admin.cookie);
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain('open reports');
    expect(text).toContain('Northwind · Numbers shown to: Everyone');
    expect(text).toContain('Verified October 5, 2026 (document)');
    expect(text).toContain('Northwind · Numbers shown to: On request');
    expect(text).toContain('Unverified');
    expect(res.body).toMatch(/<a[^>]*href="\/service\/open-reports"/);
  });
});
