import { describe, expect, it } from 'vitest';
import { plans } from '../../../db/schema/plans';
import { createRenderedTestApp } from '../../../../test/rendered-test-app';

// The real server render, as pages.test.ts does it: what a crawler gets for /pricing.
const { app, db } = await createRenderedTestApp({ siteName: 'Agency Stack' });
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
