import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { plans } from '../../../db/schema/plans';
import { render } from '../../../web/entry-server';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { openTestDatabase } from '../../../../test/test-database';
import { createPageRenderer } from '../seo/render-page';

// The real server render, as pages.test.ts does it: what a crawler gets for /pricing.
const root = mkdtempSync(path.join(os.tmpdir(), 'pricing-test-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>Directory</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>');
const config = testConfig({ siteUrl: 'https://dir.example.org', siteName: 'Agency Stack' });
const database = await openTestDatabase();
const db = database.db;
const app = await buildApp({ config, database, client: { root, renderPage: createPageRenderer(db, config, render) } });
afterAll(async () => {
  await app.close();
  await database.close();
});
await db.insert(plans).values({ name: 'Growth', description: 'Room to grow', priceCents: 2900, period: 'month', listingLimit: 25, featuredSlots: 1, insight: true, partnerTerms: true, badge: 'Growth partner', position: 1 });

const textOf = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

describe('/pricing', () => {
  it('is rendered on the server with every plan, its price and grants, and the featured note', async () => {
    const res = await app.inject({ url: '/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Plans for Providers | Agency Stack</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://dir.example.org/pricing"');
    expect(res.body).not.toContain('noindex');
    const text = textOf(res.body);
    expect(text).toContain('Plans for providers');
    expect(text).toMatch(/Free .*Unlimited live listings/);
    expect(text).toMatch(/Growth \$29 \/ month Room to grow Up to 25 live listings 1 featured slot/);
    expect(text).toContain('"Growth partner" badge beside your name');
    expect(text).toContain('What featured means');
    expect(res.body).toContain('href="/provider?tab=plan"');
  });

  it('is in the sitemap', async () => {
    const res = await app.inject({ url: '/sitemap-pages.xml' });
    expect(res.body).toContain('<loc>https://dir.example.org/pricing</loc>');
  });
});
