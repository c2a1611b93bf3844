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
    const res = await app.inject({ url: `/category/${category.slug}?type=tools&search=x` });
    expect(res.body).toContain('<title>CRM | Agency Stack</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://dir.example.org/category/crm?type=tools" />');
    expect((await app.inject({ url: '/admin' })).body).toContain('<meta name="robots" content="noindex" />');
    expect((await app.inject({ url: '/tools' })).body).not.toContain('noindex');
  });
});

describe('sitemap and robots', () => {
  it('lists approved listings, categories and providers with live listings, and nothing unapproved', async () => {
    const category = await createCategory(db, { slug: 'sitemap-cat' });
    const live = await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'live-one' });
    await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'pending-one', status: 'pending' });
    await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'rejected-one', status: 'rejected' });
    const lonely = await createUser(app, db, { isProvider: true });
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.body).toContain(`<loc>https://dir.example.org/service/${live.slug}</loc>`);
    expect(res.body).toContain('<loc>https://dir.example.org/category/sitemap-cat?type=services</loc>');
    expect(res.body).toContain(`<loc>https://dir.example.org/company/${provider.slug}</loc>`);
    expect(res.body).not.toContain('pending-one');
    expect(res.body).not.toContain('rejected-one');
    expect(res.body).not.toContain(lonely.slug);
  });

  it('points robots.txt to the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.body).toContain('Sitemap: https://dir.example.org/sitemap.xml');
  });
});
