import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { openTestDatabase } from '../../../../test/test-database';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createPageRenderer } from './render-page';

// A stand-in for the built client: the renderer only needs its <head>.
const root = mkdtempSync(path.join(os.tmpdir(), 'render-page-test-'));
writeFileSync(
  path.join(root, 'index.html'),
  '<!doctype html><html><head><title>Premium SaaS Tools & Services for Agencies</title><meta name="description" content="Discover premium SaaS tools and services for agencies." /></head><body><div id="root"></div></body></html>',
);

const config = testConfig({ siteUrl: 'https://dir.example.org', siteName: 'Agency Stack' });
const database = await openTestDatabase();
const db = database.db;
const app = await buildApp({ config, database, client: { root, renderPage: createPageRenderer(db, config) } });
afterAll(async () => {
  await app.close();
  await database.close();
});

const admin = await createUser(app, db, { isAdmin: true });
const provider = await createUser(app, db, { isProvider: true, companyName: 'Acme <Growth>' });

describe('server-rendered meta', () => {
  it('serves the home page with the default title, canonical and Open Graph tags', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.body).toContain('<title>Premium SaaS Tools &amp; Services for Agencies</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://dir.example.org/" />');
    expect(res.body).toContain('<meta property="og:title" content="Premium SaaS Tools &amp; Services for Agencies" />');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/name="description"/g)).toHaveLength(1);
  });

  it('shows a saved template in the served title at once', async () => {
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/seo/templates/home',
      payload: { title: 'Agency tools by {siteName}', description: 'Hand-picked for agencies.' },
      headers: { cookie: admin.cookie },
    });
    expect(saved.statusCode).toBe(200);
    const res = await app.inject({ url: '/' });
    expect(res.body).toContain('<title>Agency tools by Agency Stack</title>');
    expect(res.body).toContain('<meta name="description" content="Hand-picked for agencies." />');
  });

  it('gives a listing page its title and JSON-LD with rating and offer, escaped', async () => {
    const category = await createCategory(db, { type: 'tools', name: 'Reporting' });
    const tool = await createListing(db, {
      type: 'tools',
      providerId: provider.id,
      categoryId: category.id,
      title: 'Report </script><script>alert(1)</script> Pro',
      shortDescription: 'Reports "done" right',
      price: '29.00',
      rating: 4.5,
      reviewCount: 2,
    });
    const res = await app.inject({ url: `/tool/${tool.slug}` });
    expect(res.body).toContain('<title>Report &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Pro | Agency Stack</title>');
    expect(res.body).not.toContain('<script>alert(1)');
    const json = res.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!;
    expect(json).not.toContain('<');
    const ld = JSON.parse(json);
    expect(ld).toMatchObject({
      '@type': 'Product',
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
      offers: { '@type': 'Offer', price: '29.00', priceCurrency: 'USD' },
      brand: { name: 'Acme <Growth>' },
    });

    const service = await createListing(db, { providerId: provider.id, categoryId: (await createCategory(db)).id });
    const page = await app.inject({ url: `/service/${service.id}` });
    const serviceLd = JSON.parse(page.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(serviceLd['@type']).toBe('Service');
    expect(serviceLd).not.toHaveProperty('aggregateRating');
    expect(serviceLd).not.toHaveProperty('offers');
  });

  it('keeps the category type in the canonical address and marks private pages noindex', async () => {
    const category = await createCategory(db, { type: 'tools', name: 'CRM', slug: 'crm' });
    const res = await app.inject({ url: `/category/${category.slug}?type=tools&utm_source=news` });
    expect(res.body).toContain('<title>CRM | Agency Stack</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://dir.example.org/category/crm?type=tools" />');
    expect((await app.inject({ url: '/admin' })).body).toContain('<meta name="robots" content="noindex" />');
    expect((await app.inject({ url: '/tools' })).body).not.toContain('noindex');
  });
});

describe('the crawl budget of the catalogue lists', () => {
  const robotsOf = (body: string) => body.match(/<meta name="robots" content="([^"]*)" \/>/)?.[1];

  it('keeps a searched or filtered list, and each of its pages, out of the index but lets crawlers follow its links', async () => {
    await createCategory(db, { type: 'services', name: 'Ads', slug: 'ads' });
    for (const url of ['/tools?search=seo', '/services?search=seo&page=3', '/tools?price=under-100', '/services?delivery=1-3&page=2', '/tools?rating=4', '/tools?categoryId=7', '/category/ads?type=services&search=x']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(robotsOf(res.body), url).toBe('noindex, follow');
      expect(canonicalOf(res.body), url).toBeUndefined();
    }
  });

  it("gives a plain list's deeper pages their own canonical address, and drops every other parameter", async () => {
    const cases: [string, string][] = [
      ['/tools?page=2', 'https://dir.example.org/tools?page=2'],
      ['/services?page=12&utm_source=x', 'https://dir.example.org/services?page=12'],
      ['/category/ads?type=services&page=3', 'https://dir.example.org/category/ads?type=services&page=3'],
      // Page 1 by another name, and what a filter form sends without the script: the plain list.
      ['/tools?page=1', 'https://dir.example.org/tools'],
      ['/tools?page=abc', 'https://dir.example.org/tools'],
      ['/tools?search=&categoryId=&price=&rating=', 'https://dir.example.org/tools'],
      ['/category/ads?type=services&search=%20&page=2', 'https://dir.example.org/category/ads?type=services&page=2'],
    ];
    for (const [url, canonical] of cases) {
      const res = await app.inject({ url });
      expect(canonicalOf(res.body)?.replaceAll('&amp;', '&'), url).toBe(canonical);
      expect(robotsOf(res.body), url).toBeUndefined();
    }
  });
});

const jsonLdOf = (body: string) => {
  const found = body.match(/<script type="application\/ld\+json">(.*?)<\/script>/);
  return found ? JSON.parse(found[1]!) : undefined;
};
const canonicalOf = (body: string) => body.match(/<link rel="canonical" href="([^"]*)" \/>/)?.[1];

describe('one canonical address per entity', () => {
  it('names a listing by its slug whether it was opened by id or by slug, in the link and the JSON-LD', async () => {
    const service = await createListing(db, { providerId: provider.id, categoryId: (await createCategory(db)).id, slug: 'canon-service' });
    for (const url of [`/service/${service.id}`, '/service/canon-service', '/service/canon-service/']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(canonicalOf(res.body), url).toBe('https://dir.example.org/service/canon-service');
      expect(res.body).toContain('<meta property="og:url" content="https://dir.example.org/service/canon-service" />');
      expect(jsonLdOf(res.body).url).toBe('https://dir.example.org/service/canon-service');
    }
  });

  it('names a category by slug and type even when the address left the type out', async () => {
    await createCategory(db, { type: 'services', name: 'Canon Cat', slug: 'canon-cat' });
    const res = await app.inject({ url: '/category/canon-cat' });
    expect(canonicalOf(res.body)).toBe('https://dir.example.org/category/canon-cat?type=services');
  });

  it('names a provider by slug, and shows former providers whose listings are still live', async () => {
    const former = await createUser(app, db, { isProvider: false, companyName: 'Former Co' });
    await createListing(db, { providerId: former.id, categoryId: (await createCategory(db)).id });
    const res = await app.inject({ url: `/company/${former.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Former Co | Agency Stack</title>');
    expect(canonicalOf(res.body)).toBe(`https://dir.example.org/company/${former.slug}`);
    expect((await app.inject({ url: `/api/providers/${former.slug}` })).statusCode).toBe(200);

    const member = await createUser(app, db);
    const hidden = await app.inject({ url: `/company/${member.slug}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toContain('<meta name="robots" content="noindex" />');
  });
});

describe('pages that are not found', () => {
  it('serves an unknown or unapproved listing with a 404, noindex and the not-found title', async () => {
    const pending = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: (await createCategory(db, { type: 'tools' })).id, status: 'pending', title: 'Hidden Tool' });
    for (const url of ['/tool/no-such-tool', `/tool/${pending.id}`, `/tool/${pending.slug}`, '/company/nobody', '/category/no-such-category?type=tools']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(res.body, url).toContain('<title>Page Not Found | Agency Stack</title>');
      expect(res.body, url).not.toContain('Hidden Tool');
      expect(res.body, url).not.toContain('rel="canonical"');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('answers a category id in a page address as the page does: not found (the page reads slugs)', async () => {
    const category = await createCategory(db, { slug: 'by-slug-only' });
    expect((await app.inject({ url: `/category/${category.id}` })).statusCode).toBe(404);
  });

  it('serves /service/%00 as the client with a 404, never a JSON error', async () => {
    for (const url of ['/service/%00', '/company/%00', '/category/a%00b', '/tool/x%00y']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
  });
});

describe('one-time-link pages', () => {
  it('titles /reset-password and /invitation, keeps them out of the index, and answers their meta', async () => {
    const reset = await app.inject({ url: '/reset-password?token=abc' });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain('<title>Choose a New Password | Agency Stack</title>');
    expect(reset.body).toContain('<meta name="robots" content="noindex" />');
    const invitation = await app.inject({ url: '/invitation?token=abc' });
    expect(invitation.statusCode).toBe(200);
    expect(invitation.body).toContain('<title>Set Your Password | Agency Stack</title>');
    expect(invitation.body).toContain('<meta name="robots" content="noindex" />');
    expect((await app.inject({ url: '/api/meta/invitation' })).json().title).toBe('Set Your Password | Agency Stack');
    expect((await app.inject({ url: '/api/meta/reset-password' })).json().title).toBe('Choose a New Password | Agency Stack');
  });
});

const pricedCategory = await createCategory(db, { type: 'services' });

describe('listing JSON-LD that search engines accept', () => {
  const ldFor = async (overrides: Partial<Parameters<typeof createListing>[1]>) => {
    const listing = await createListing(db, { providerId: provider.id, categoryId: pricedCategory.id, ...overrides });
    const res = await app.inject({ url: `/${listing.type === 'tools' ? 'tool' : 'service'}/${listing.slug}` });
    expect(res.statusCode).toBe(200);
    return jsonLdOf(res.body);
  };

  it('leaves out the Product of a tool with neither a price nor reviews, keeping its meta tags', async () => {
    const toolCategory = await createCategory(db, { type: 'tools' });
    const tool = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: toolCategory.id, title: 'Bare Tool', price: null, reviewCount: 0 });
    const res = await app.inject({ url: `/tool/${tool.slug}` });
    expect(jsonLdOf(res.body)).toBeUndefined();
    expect(res.body).toContain('<meta property="og:title" content="Bare Tool | Agency Stack" />');
    const rated = await ldFor({ type: 'tools', categoryId: toolCategory.id, price: null, rating: 4, reviewCount: 1 });
    expect(rated).toMatchObject({ '@type': 'Product', aggregateRating: { ratingValue: 4 } });
    expect(rated).not.toHaveProperty('offers');
  });

  it('prices monthly and hourly services per unit, and fixed ones as a starting price', async () => {
    expect((await ldFor({ price: '99.00', priceType: 'monthly' })).offers).toEqual({
      '@type': 'Offer',
      price: '99.00',
      priceCurrency: 'USD',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: '99.00',
        priceCurrency: 'USD',
        unitCode: 'MON',
        unitText: 'month',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
      },
      availability: 'https://schema.org/InStock',
      url: expect.stringMatching(/^https:\/\/dir\.example\.org\/service\//),
    });
    expect((await ldFor({ price: '50.00', priceType: 'hourly' })).offers.priceSpecification).toMatchObject({ unitCode: 'HUR', price: '50.00' });
    expect((await ldFor({ price: '1500.00', priceType: 'fixed' })).offers.priceSpecification).toEqual({
      '@type': 'PriceSpecification',
      minPrice: '1500.00',
      priceCurrency: 'USD',
    });
  });
});
