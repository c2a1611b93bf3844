import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { listings } from '../../../db/schema/listings';
import { reviews } from '../../../db/schema/reviews';
import { QUERY_STATE_ID } from '../../../shared/page-data-ids';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createRenderedTestApp } from '../../../../test/rendered-test-app';

// The real server render (src/web/entry-server.tsx, from the sources) inside a stand-in for the
// built index.html: what a crawler or a browser without JavaScript gets for each public page.
const { app, db } = await createRenderedTestApp({ siteName: 'Agency Stack' });

const provider = await createUser(app, db, { isProvider: true, companyName: 'Northwind Growth', slug: 'northwind-growth' });
const member = await createUser(app, db, { firstName: 'Ada', lastName: 'Lovelace' });
const seo = await createCategory(db, {
  type: 'services',
  name: 'Search Optimisation',
  slug: 'search-optimisation',
  bottomContent: '<h2>Choosing an SEO partner</h2><p>Ask for <strong>case studies</strong>.</p>',
});
const crm = await createCategory(db, { type: 'tools', name: 'Customer Relations', slug: 'customer-relations' });
const audit = await createListing(db, {
  providerId: provider.id,
  categoryId: seo.id,
  slug: 'technical-seo-audit',
  title: 'Technical SEO Audit',
  shortDescription: 'A crawl of every page, fixed in order of impact.',
  price: '350.00',
  isFeatured: true,
  rating: 4.5,
  reviewCount: 1,
});
await db.insert(reviews).values({ listingId: audit.id, userId: member.id, rating: 5, comment: 'Found 40 broken canonical tags </script> in a day.' });
// Enough services for a second page (24 a page).
for (let n = 1; n <= 25; n++) await createListing(db, { providerId: provider.id, categoryId: seo.id, title: `Filler Service ${n}` });
await createListing(db, { type: 'tools', providerId: provider.id, categoryId: crm.id, slug: 'pipeline-pro', title: 'Pipeline Pro', price: '29.00', priceType: 'monthly' });

/** The text a reader sees in the page's body, tags stripped. */
const textOf = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'))
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
const hrefsOf = (html: string) => [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
const stateOf = (html: string) => {
  const found = html.match(new RegExp(`<script type="application/json" id="${QUERY_STATE_ID}">(.*?)</script>`, 's'));
  return found ? (JSON.parse(found[1]!) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }) : undefined;
};

describe('public pages rendered on the server', () => {
  it('the home page shows the featured services with prices and ratings, and links to them', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain('Technical SEO Audit');
    expect(text).toContain('$350');
    expect(text).toContain('4.5');
    expect(hrefsOf(res.body)).toEqual(expect.arrayContaining(['/service/technical-seo-audit', '/services', '/tools', '/categories', '/contact', '/privacy-policy']));
    // The browser starts from the data the page was rendered from: visitors are known to be signed out.
    expect(stateOf(res.body)!.queries).toEqual(expect.arrayContaining([expect.objectContaining({ queryKey: ['/api/auth/user'], state: expect.objectContaining({ data: null }) })]));
  });

  it('the services page lists a page of services and links to the next page', async () => {
    const res = await app.inject({ url: '/services' });
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain('26 Services Found');
    expect(text).toContain('Technical SEO Audit');
    expect(hrefsOf(res.body).some((href) => /^\/services\?(.*&)?page=2/.test(href))).toBe(true);

    const second = await app.inject({ url: '/services?page=2' });
    expect((textOf(second.body).match(/Filler Service \d+/g) ?? []).length).toBeGreaterThan(0);
    expect(textOf(second.body)).not.toContain('Technical SEO Audit');
  });

  it('a search is rendered from the address', async () => {
    const res = await app.inject({ url: '/services?search=technical' });
    const text = textOf(res.body);
    expect(text).toContain('Technical SEO Audit');
    expect(text).not.toContain('Filler Service');
    expect(res.body).toMatch(/<input[^>]*name="search"[^>]*value="technical"/);
  });

  it('the tools page shows tools with their monthly price', async () => {
    const text = textOf((await app.inject({ url: '/tools' })).body);
    expect(text).toContain('Pipeline Pro');
    expect(text).toContain('$29');
  });

  it('the categories page links to each category', async () => {
    const res = await app.inject({ url: '/categories' });
    expect(textOf(res.body)).toContain('Search Optimisation');
    expect(hrefsOf(res.body).some((href) => href.startsWith('/category/search-optimisation'))).toBe(true);
  });

  it("a category page shows its listings and its rich-text content", async () => {
    const res = await app.inject({ url: '/category/search-optimisation?type=services' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h2>Choosing an SEO partner</h2><p>Ask for <strong>case studies</strong>.</p>');
    expect(textOf(res.body)).toContain('Technical SEO Audit');
  });

  it('a service page shows the listing, its provider and its reviews, escaped', async () => {
    const res = await app.inject({ url: '/service/technical-seo-audit' });
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain('Technical SEO Audit');
    expect(text).toContain('Northwind Growth');
    expect(text).toContain('Found 40 broken canonical tags </script> in a day.');
    // The review's text cannot end the state's script tag.
    expect(res.body.match(/<\/script>/g)!.length).toBe(res.body.match(/<script/g)!.length);
    expect(hrefsOf(res.body)).toContain('/company/northwind-growth');
  });

  it('a tool page and a company page show their content', async () => {
    expect(textOf((await app.inject({ url: '/tool/pipeline-pro' })).body)).toContain('Pipeline Pro');
    const company = await app.inject({ url: '/company/northwind-growth' });
    expect(company.statusCode).toBe(200);
    expect(textOf(company.body)).toContain('Northwind Growth');
    expect(hrefsOf(company.body)).toContain('/service/technical-seo-audit');
  });

  it('the trending, contact and legal pages have their content', async () => {
    expect(textOf((await app.inject({ url: '/trending' })).body)).toContain('Technical SEO Audit');
    expect(textOf((await app.inject({ url: '/contact' })).body)).toMatch(/Contact/);
    expect(textOf((await app.inject({ url: '/privacy-policy' })).body)).toContain('Privacy Policy');
    expect(textOf((await app.inject({ url: '/terms-conditions' })).body)).toMatch(/Terms/);
  });

  it('a visit to a service page counts a view, a HEAD request for it does not', async () => {
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const viewsOfAudit = async () => (await db.select({ viewCount: listings.viewCount }).from(listings).where(eq(listings.id, audit.id)))[0]!.viewCount;
    const before = await viewsOfAudit();
    const head = await app.inject({ method: 'HEAD', url: '/service/technical-seo-audit', headers: { 'user-agent': browser }, remoteAddress: '198.51.100.7' });
    expect(head.statusCode).toBe(200);
    expect(await viewsOfAudit()).toBe(before);
    const visit = await app.inject({ url: '/service/technical-seo-audit', headers: { 'user-agent': browser }, remoteAddress: '198.51.100.7' });
    expect(visit.statusCode).toBe(200);
    expect(await viewsOfAudit()).toBe(before + 1);
  });

  it('an unknown address and a missing listing answer 404 with the not-found screen', async () => {
    const unknown = await app.inject({ url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(textOf(unknown.body)).toMatch(/not found/i);
    const missing = await app.inject({ url: '/service/no-such-service' });
    expect(missing.statusCode).toBe(404);
    expect(textOf(missing.body)).toMatch(/not found/i);
  });

  it('a signed-in member sees their own header, and their user is in the page data', async () => {
    const res = await app.inject({ url: '/', headers: { cookie: member.cookie } });
    expect(res.statusCode).toBe(200);
    const user = stateOf(res.body)!.queries.find((query) => query.queryKey[0] === '/api/auth/user');
    expect(user?.state.data).toMatchObject({ id: member.id, firstName: 'Ada' });
    expect(res.body).not.toContain(member.passwordHash);
    expect(res.body).not.toContain('aria-label="Sign in"');
    expect((await app.inject({ url: '/' })).body).toContain('aria-label="Sign in"');
  });

  it('pages rendered at the same time each read as their own visitor', async () => {
    // A signed-in page is rendered afresh, so these renders overlap; each one's reads must go out
    // with its own cookie (startReads in lib/api.ts), never another render's.
    const visitors = [member.cookie, undefined, member.cookie, undefined, member.cookie, undefined];
    const pages = await Promise.all(visitors.map((cookie) => app.inject({ url: '/services', headers: cookie ? { cookie } : {} })));
    pages.forEach((page, index) => {
      const user = stateOf(page.body)!.queries.find((query) => query.queryKey[0] === '/api/auth/user');
      expect(user?.state.data ?? null).toEqual(visitors[index] ? expect.objectContaining({ id: member.id }) : null);
      expect(page.body.includes('aria-label="Sign in"')).toBe(!visitors[index]);
    });
  });
});
