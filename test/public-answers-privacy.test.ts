import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema/listings';
import { users } from '../src/db/schema/users';
import { categories } from '../src/db/schema/categories';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts';
import { DEMO_MEMBER_EMAIL } from '../src/db/seed/catalogue/members';
import { DEMO_PROVIDER_EMAIL } from '../src/db/seed/catalogue/providers';
import { seedDemoIfEmpty } from '../src/db/seed/demo';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { createPageRenderer } from '../src/server/modules/seo/render-page';
import { metaPages } from '../src/shared/schemas/seo';
import { createUser } from './factories';
import { sessionCookie } from './test-app';
import { openTestDatabase } from './test-database';

// Public answers carry no e-mail address of providers or members (scrapers harvest them,
// and leads belong in the contact form); the provider's own dashboard and administrators still see them.
// The sweep walks every GET route the app registers, so a route added later is swept too (or must be
// named below with the reason it is skipped), plus every page the sitemap lists, as server-rendered.

// A stand-in for the built client: the page renderer only fills its <head>.
const root = mkdtempSync(path.join(os.tmpdir(), 'privacy-sweep-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');

const config = testConfig({ siteUrl: 'https://dir.example.org', authRateLimitPerMinute: 1000 });
const database = await openTestDatabase();
const db = database.db;
await seedDemoIfEmpty(db);
const app = await buildApp({ config, database, client: { root, renderPage: createPageRenderer(db, config) } });
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

const admin = await createUser(app, db, { isAdmin: true });
const signIn = async (email: string) => sessionCookie(await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } }));
const member = await signIn(DEMO_MEMBER_EMAIL);
const provider = await signIn(DEMO_PROVIDER_EMAIL);

const everyUser = await db.select({ id: users.id, slug: users.slug, email: users.email, isProvider: users.isProvider }).from(users);
const everyListing = await db.select({ id: listings.id, slug: listings.slug, type: listings.type }).from(listings);
const everyCategory = await db.select({ slug: categories.slug, type: categories.type }).from(categories);
const userByEmail = (address: string) => everyUser.find((user) => user.email === address)!;

/** Anything shaped like an e-mail address; the site's own support address is the one allowed. */
const addressPattern = /[A-Za-z0-9._%+-]+(?:@|%40|\\u0040)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
function addressesIn(body: string, ownAddress?: string): string[] {
  const found = (body.match(addressPattern) ?? []).filter((address) => address !== config.supportEmail && address !== ownAddress);
  const lower = body.toLowerCase();
  const users = everyUser.filter((user) => user.email !== ownAddress && lower.includes(user.email.toLowerCase())).map((user) => user.email);
  return [...new Set([...found, ...users])];
}

/** The GET routes as Fastify lists them, parsed from printRoutes' tree ("│   ├── /segment (GET)"). */
function getRoutes(): string[] {
  const tree = app.printRoutes({ commonPrefix: false, method: 'GET' });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = Math.round(at / 4);
    const [, segment] = line.slice(at + 3).match(/^(\S+) \(/) ?? [];
    if (!segment) continue;
    stack.length = depth;
    stack.push(segment);
    // Nodes that only join others are printed with (-): not routes themselves.
    if (/\((GET|HEAD)/.test(line)) routes.push(stack.join(''));
  }
  return routes;
}

/** Ids, and slugs too where `bySlug`: each is a separate way into the same answer. */
const listingKeys = (type: string, bySlug = true) => everyListing.filter((l) => l.type === type).flatMap((l) => (bySlug ? [String(l.id), l.slug] : [String(l.id)]));
const entityIds = (page: string) => {
  if (page === 'service' || page === 'tool') return everyListing.filter((l) => l.type === `${page}s`).map((l) => `?entityId=${l.slug}`);
  if (page === 'company') return everyUser.map((u) => `?entityId=${u.slug}`);
  if (page === 'category') return everyCategory.map((c) => `?entityId=${c.slug}&type=${c.type}`);
  return [''];
};

/** The addresses each route is swept at, with every demo listing, provider and category filled in. */
const sweepUrls: Record<string, (full: boolean) => string[]> = {
  '/api/health': () => ['/api/health'],
  '/api/auth/user': () => ['/api/auth/user'],
  '/api/login': () => ['/api/login'],
  '/api/site': () => ['/api/site'],
  '/api/categories': () => ['/api/categories', '/api/categories?type=services', '/api/categories?type=tools'],
  '/api/categories/by-slug/:slug': () => everyCategory.map((c) => `/api/categories/by-slug/${c.slug}?type=${c.type}`),
  '/api/dashboard/stats': () => ['/api/dashboard/stats'],
  '/api/meta/:page': (full) => (full ? metaPages : ['home']).flatMap((page) => entityIds(page).map((query) => `/api/meta/${page}${query}`)),
  '/api/providers/:idOrSlug': (full) => everyUser.filter((u) => u.isProvider).flatMap((u) => (full ? [`/api/providers/${u.id}`, `/api/providers/${u.slug}`] : [`/api/providers/${u.slug}`])),
  '/api/favorites': () => ['/api/favorites?limit=100'],
  '/api/favorites/ids': () => ['/api/favorites/ids'],
  '/sitemap.xml': () => ['/sitemap.xml'],
  '/sitemap-pages.xml': () => ['/sitemap-pages.xml'],
  '/sitemap-providers-:page.xml': () => ['/sitemap-providers-1.xml'],
  '/sitemap-listings-:page.xml': () => ['/sitemap-listings-1.xml'],
  '/sitemap-categories-:page.xml': () => ['/sitemap-categories-1.xml'],
  '/robots.txt': () => ['/robots.txt'],
  // The API document: schemas and summaries, the same for everyone.
  '/api/openapi.json': () => ['/api/openapi.json'],
  '/api/docs/json': () => ['/api/docs/json'],
  '/api/docs/yaml': () => ['/api/docs/yaml'],
  // Pages of the client; every page the sitemap lists is swept in its own test below.
  '*': () => ['/', '/services', '/tools', '/trending', '/categories', '/contact', '/auth', '/favorites', '/dashboard'],
  '/index.html': () => ['/index.html'],
  // Administrators' and providers' own screens: swept too, to prove a visitor and a member get nothing from them.
  '/api/admin/seo/templates': () => ['/api/admin/seo/templates'],
  '/api/admin/seo/overrides': () => ['/api/admin/seo/overrides'],
  '/api/admin/services/pending': () => ['/api/admin/services/pending'],
  '/api/admin/tools/pending': () => ['/api/admin/tools/pending'],
  '/api/admin/audit': () => ['/api/admin/audit'],
  '/api/admin/overview': () => ['/api/admin/overview'],
  '/api/admin/users': () => ['/api/admin/users'],
  '/api/admin/listings': () => ['/api/admin/listings?type=services', '/api/admin/listings?type=tools&status=pending'],
  '/api/admin/listings/counts': () => ['/api/admin/listings/counts?type=services'],
  '/api/admin/export/listings.csv': () => ['/api/admin/export/listings.csv'],
  '/api/admin/export/categories.csv': () => ['/api/admin/export/categories.csv'],
  '/api/provider/services': () => ['/api/provider/services'],
  '/api/provider/stats': () => ['/api/provider/stats'],
  '/api/provider/leads': () => ['/api/provider/leads'],
  '/api/compare': () => [`/api/compare?ids=${everyListing.slice(0, 4).map((l) => l.id).join(',')}`, `/api/compare?ids=${everyListing.slice(-4).map((l) => l.id).join(',')}`],
  '/api/admin/partner-programmes': () => ['/api/admin/partner-programmes?limit=200'],
  '/api/admin/partner-applications': () => ['/api/admin/partner-applications?status=all'],
  '/api/admin/search-synonyms': () => ['/api/admin/search-synonyms'],
  '/api/admin/listing-claims': () => ['/api/admin/listing-claims'],
  '/api/admin/plans': () => ['/api/admin/plans'],
  '/api/admin/billing': () => ['/api/admin/billing'],
  '/api/provider/plan': () => ['/api/provider/plan'],
  '/api/provider/featured-slots': () => ['/api/provider/featured-slots'],
  '/api/plans': () => ['/api/plans'],
  '/api/provider/partner-applications': () => ['/api/provider/partner-applications?status=all'],
  '/api/partner-applications/mine': () => ['/api/partner-applications/mine'],
  // The demo's applications (src/db/seed/demo-applications.ts) have the first ids; one past them answers 404.
  '/api/partner-applications/:id': () => Array.from({ length: 12 }, (_, i) => `/api/partner-applications/${i + 1}`),
  '/api/admin/review-reports': () => ['/api/admin/review-reports?limit=100'],
  '/api/admin/site': () => ['/api/admin/site'],
  '/api/reviews/my-reports': () => ['/api/reviews/my-reports?limit=100'],
  '/api/provider/insight': () => ['/api/provider/insight?range=30'],
  '/api/provider/insight.csv': () => ['/api/provider/insight.csv?range=30'],
  '/api/provider/monthly-email': () => ['/api/provider/monthly-email'],
  // Without its signed token it answers 400; with one it only sets a flag.
  '/api/unsubscribe/monthly-figures': () => ['/api/unsubscribe/monthly-figures'],
  '/api/alerts/unsubscribe': () => ['/api/alerts/unsubscribe'],
  '/api/saved-searches': () => ['/api/saved-searches'],
  '/api/alerts/favourites': () => ['/api/alerts/favourites'],
  '/api/alerts/settings': () => ['/api/alerts/settings'],
};
for (const type of ['services', 'tools']) {
  sweepUrls[`/api/${type}`] = () => [`/api/${type}?limit=100`, `/api/${type}?limit=100&offset=100`];
  sweepUrls[`/api/${type}/featured`] = () => [`/api/${type}/featured?limit=24`];
  sweepUrls[`/api/${type}/:id`] = (full) => listingKeys(type, full).map((key) => `/api/${type}/${key}`);
  sweepUrls[`/api/${type}/:id/favorite-status`] = (full) => listingKeys(type, false).slice(0, full ? undefined : 5).map((id) => `/api/${type}/${id}/favorite-status`);
  sweepUrls[`/api/${type}/:id/partner-programme`] = (full) => listingKeys(type, false).slice(0, full ? undefined : 5).map((id) => `/api/${type}/${id}/partner-programme`);
  sweepUrls[`/api/admin/${type}/:id/partner-programme/changes`] = () => listingKeys(type, false).slice(0, 3).map((id) => `/api/admin/${type}/${id}/partner-programme/changes`);
  sweepUrls[`/api/${type}/:id/reviews/my-reports`] = () => listingKeys(type, false).slice(0, 5).map((id) => `/api/${type}/${id}/reviews/my-reports`);
  // A redirect to the listing's stored website: the answer has no body to leak anything in.
  sweepUrls[`/api/${type}/:id/website`] = () => listingKeys(type, false).slice(0, 3).map((id) => `/api/${type}/${id}/website`);
  sweepUrls[`/api/${type}/:id/reviews/breakdown`] = (full) => listingKeys(type, false).slice(0, full ? undefined : 5).map((id) => `/api/${type}/${id}/reviews/breakdown`);
  sweepUrls[`/api/${type}/:id/reviews`] = (full) => listingKeys(type, false).slice(0, full ? undefined : 5).map((id) => `/api/${type}/${id}/reviews?limit=100`);
}
sweepUrls['/api/services/trending'] = () => ['/api/services/trending?limit=50'];

/** Routes not swept, and why. */
const skipped: Record<string, string> = {
  '/api/images/:id': 'image bytes, re-encoded WebP with no metadata',
  '/api/logout': 'ends the session; it answers a redirect',
  '/api/docs': "the API reference page's own files (swagger-ui), the same for everyone",
  '/api/docs*': "the API reference page's own files (swagger-ui), the same for everyone",
  '/api/docs/static/index.html': "the API reference page's own files (swagger-ui), the same for everyone",
  '/api/docs/static/swagger-initializer.js': "the API reference page's own files (swagger-ui), the same for everyone",
};

/** Every page the sitemap lists, as the server renders it for a crawler without JavaScript. */
async function sitemapPages(): Promise<string[]> {
  const locs = async (url: string) => [...(await app.inject({ url })).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&')));
  const pages: string[] = [];
  for (const sitemap of await locs('/sitemap.xml')) pages.push(...(await locs(sitemap.pathname)).map((url) => url.pathname + url.search));
  return pages;
}

describe('public answers carry no e-mail address', () => {
  it('knows how to sweep every GET route the app has', () => {
    const routes = getRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const unknown = routes.filter((route) => !(route in sweepUrls) && !(route in skipped));
    expect(unknown, 'a new GET route: add it to sweepUrls (or to skipped, with the reason)').toEqual([]);
  });

  it('the demo data has providers and members with addresses, and listings of both types', () => {
    expect(everyUser.filter((u) => u.isProvider).length).toBeGreaterThan(10);
    expect(everyListing.filter((l) => l.type === 'tools').length).toBeGreaterThan(10);
    expect(everyListing.filter((l) => l.type === 'services').length).toBeGreaterThan(10);
  });

  const viewers = [
    ['a visitor', undefined, undefined],
    ['the demo member', () => member, DEMO_MEMBER_EMAIL],
    ['the demo provider', () => provider, DEMO_PROVIDER_EMAIL],
  ] as const;

  for (const [who, cookie, ownAddress] of viewers) {
    it(`shows ${who} no one's e-mail address but their own, on any API route`, async () => {
      const leaks: string[] = [];
      let swept = 0;
      for (const route of getRoutes()) {
        if (route in skipped) continue;
        // A provider's own dashboard shows their own address and their leads' (who wrote to them): checked below.
        if (who === 'the demo provider' && route.startsWith('/api/provider/')) continue;
        // Every way in for a visitor. Signed in, every listing's detail (where the owner rule applies) and
        // a sample of the rest, whose answers do not depend on who asks: it keeps the suite quick.
        for (const url of sweepUrls[route]!(!cookie)) {
          const res = await app.inject({ url, headers: cookie ? { cookie: cookie() } : {} });
          swept++;
          expect(res.statusCode, url).toBeLessThan(500);
          for (const address of addressesIn(res.body, ownAddress)) leaks.push(`${url}: ${address}`);
        }
      }
      expect(swept).toBeGreaterThan(cookie ? 100 : 500);
      expect(leaks).toEqual([]);
      // Hundreds of requests: more than the default 30 s on a busy shared machine.
    }, 240_000);
  }

  it('shows none on any page the sitemap lists, in the meta and JSON-LD the server renders', async () => {
    const pages = await sitemapPages();
    expect(pages.filter((p) => p.startsWith('/company/')).length).toBeGreaterThan(10);
    expect(pages.filter((p) => p.startsWith('/tool/')).length).toBeGreaterThan(10);
    const leaks: string[] = [];
    for (const url of [...pages, '/services', '/tools', '/trending', '/contact']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      for (const address of addressesIn(res.body)) leaks.push(`${url}: ${address}`);
    }
    expect(leaks).toEqual([]);
  }, 240_000);

  it('catches an address in an answer (the sweep can fail)', () => {
    expect(addressesIn(JSON.stringify({ provider: { email: DEMO_PROVIDER_EMAIL } }))).toEqual([DEMO_PROVIDER_EMAIL]);
    expect(addressesIn('"ann\\u0040agency.example"')).toHaveLength(1);
    expect(addressesIn(`mailto:${config.supportEmail}`)).toEqual([]);
  });
});

describe('the owner and administrators still see the addresses', () => {
  const demoProvider = userByEmail(DEMO_PROVIDER_EMAIL);

  it('the provider’s own dashboard lists their listings with their address', async () => {
    const res = await app.inject({ url: '/api/provider/services', headers: { cookie: provider } });
    expect(res.statusCode).toBe(200);
    const own = res.json() as { provider: { email?: string } }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((listing) => listing.provider.email === DEMO_PROVIDER_EMAIL)).toBe(true);
  });

  it('the provider sees their own address on their own listing’s detail, a member does not', async () => {
    const [own] = await db.select({ slug: listings.slug, type: listings.type }).from(listings).where(and(eq(listings.providerId, demoProvider.id), eq(listings.status, 'approved')));
    const asOwner = await app.inject({ url: `/api/${own!.type}/${own!.slug}`, headers: { cookie: provider } });
    expect(asOwner.json().provider.email).toBe(DEMO_PROVIDER_EMAIL);
    const asMember = await app.inject({ url: `/api/${own!.type}/${own!.slug}`, headers: { cookie: member } });
    expect(asMember.json().provider).not.toHaveProperty('email');
  });

  it('administrators see providers’ addresses in moderation lists, listing details and the user list', async () => {
    const adminListings = (await app.inject({ url: '/api/admin/listings?type=services&limit=100', headers: { cookie: admin.cookie } })).json() as { provider: { email?: string } | null }[];
    // A listing nobody has claimed yet has no provider, so no address (docs/decisions/listing-claims.md).
    const provided = adminListings.filter((listing) => listing.provider !== null);
    expect(provided.length).toBeGreaterThan(0);
    expect(provided.every((listing) => listing.provider!.email && listing.provider!.email.includes('@'))).toBe(true);
    const pending = (await app.inject({ url: '/api/admin/services/pending', headers: { cookie: admin.cookie } })).json() as { provider: { email?: string } }[];
    expect(pending.every((listing) => listing.provider.email)).toBe(true);
    const [one] = everyListing;
    const detail = await app.inject({ url: `/api/${one!.type}/${one!.id}`, headers: { cookie: admin.cookie } });
    expect(detail.json().provider.email).toMatch(/@/);
    const adminUsers = await app.inject({ url: `/api/admin/users?search=${encodeURIComponent('demo.test')}`, headers: { cookie: admin.cookie } });
    expect(adminUsers.statusCode).toBe(200);
    expect(adminUsers.body).toContain(DEMO_PROVIDER_EMAIL);
    expect(adminUsers.body).toContain(DEMO_MEMBER_EMAIL);
  });
});
