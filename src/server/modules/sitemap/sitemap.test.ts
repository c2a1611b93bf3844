import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { registerErrorHandler } from '../../plugins/error-handler';
import { createSitemapRoutes } from './sitemap.routes';

const { app, db, config } = await createTestApp({ siteUrl: 'https://dir.example.org' });

// The same routes with two URLs per file and a clock the test moves, so chunking and the cache
// show with a handful of rows.
let clock = 0;
const small = Fastify();
registerErrorHandler(small);
await small.register(async (scope) => createSitemapRoutes({ chunkSize: 2, cacheMs: 60_000, now: () => clock })(scope, { db, config }));
afterAll(() => small.close());

const site = 'https://dir.example.org';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));

/** Every page URL the sitemap names, read the way a crawler does: the index, then each file it lists. */
async function crawl() {
  const index = await small.inject({ url: '/sitemap.xml' });
  expect(index.statusCode).toBe(200);
  expect(index.body).toContain('<sitemapindex');
  const files = locs(index.body);
  const urls: string[] = [];
  for (const file of files) {
    const res = await small.inject({ url: file.slice(site.length) });
    expect(res.statusCode, file).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const inFile = locs(res.body);
    if (file.includes('-listings-') || file.includes('-categories-') || file.includes('-providers-')) expect(inFile.length, file).toBeLessThanOrEqual(2);
    urls.push(...inFile);
  }
  return { files, urls };
}

const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { slug: 'sitemap-cat' });
const live: { slug: string }[] = [];
for (let i = 0; i < 5; i++) live.push(await createListing(db, { providerId: provider.id, categoryId: category.id, slug: `live-${i}` }));
await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'pending-one', status: 'pending' });
await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'rejected-one', status: 'rejected' });
// No longer a provider, but a listing of theirs is live: the profile API shows them, so the sitemap does.
const former = await createUser(app, db, { isProvider: false });
await createListing(db, { providerId: former.id, categoryId: category.id, type: 'tools', slug: 'former-tool' });
// A provider with nothing live yet still has a public profile (the same rule again).
const newcomer = await createUser(app, db, { isProvider: true });
const member = await createUser(app, db);

describe('/sitemap.xml as a sitemap index', () => {
  it('splits live listings into files of at most the chunk size, in id order, with nothing unapproved', async () => {
    const { files, urls } = await crawl();
    expect(files).toEqual(expect.arrayContaining([`${site}/sitemap-pages.xml`, `${site}/sitemap-listings-1.xml`, `${site}/sitemap-listings-3.xml`]));
    expect(files).not.toContain(`${site}/sitemap-listings-4.xml`);
    const listingUrls = urls.filter((url) => /\/(service|tool)\//.test(url));
    expect(listingUrls).toEqual([...live.map((row) => `${site}/service/${row.slug}`), `${site}/tool/former-tool`]);
    expect(urls).toContain(`${site}/`);
    expect(urls).toContain(`${site}/category/sitemap-cat?type=services`);
    expect(urls.join(' ')).not.toMatch(/pending-one|rejected-one/);
  });

  it('lists exactly the providers whose profile the API and the page meta show', async () => {
    const { urls } = await crawl();
    for (const user of [provider, former, newcomer]) {
      expect(urls).toContain(`${site}/company/${user.slug}`);
      expect((await app.inject({ url: `/api/providers/${user.slug}` })).statusCode).toBe(200);
    }
    expect(urls).not.toContain(`${site}/company/${member.slug}`);
    expect((await app.inject({ url: `/api/providers/${member.slug}` })).statusCode).toBe(404);
  });

  it('answers 404 for a file the index does not name', async () => {
    for (const url of ['/sitemap-listings-0.xml', '/sitemap-listings-4.xml', '/sitemap-listings-abc.xml', '/sitemap-listings-.xml', '/sitemap-listings-99999999999.xml']) {
      expect((await small.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('serves a built file from its cache until it expires', async () => {
    clock += 120_000;
    const before = await crawl();
    await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'newly-approved' });
    expect((await crawl()).urls).toEqual(before.urls);
    clock += 60_000;
    expect((await crawl()).urls).toContain(`${site}/service/newly-approved`);
  });

  it('is an index in the real app too, with cache headers, and robots.txt points to it', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(locs(res.body)).toContain(`${site}/sitemap-listings-1.xml`);
    const listings = await app.inject({ url: '/sitemap-listings-1.xml' });
    expect(locs(listings.body)).toContain(`${site}/service/live-0`);
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain(`Sitemap: ${site}/sitemap.xml`);
  });
});

/**
 * Whether robots.txt lets a crawler fetch `path`, as Google reads it (RFC 9309): of the rules
 * that match, the longest wins, Allow on a tie; `*` is any run of characters, `$` the end.
 */
function allowedByRobots(robots: string, path: string): boolean {
  const rules = [...robots.matchAll(/^(Allow|Disallow):\s*(\S+)\s*$/gm)].map(([, kind, pattern]) => ({ allow: kind === 'Allow', pattern: pattern! }));
  const matches = (pattern: string) => {
    const anchored = pattern.endsWith('$');
    const source = (anchored ? pattern.slice(0, -1) : pattern).split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    return new RegExp(`^${source}${anchored ? '$' : ''}`).test(path);
  };
  const winner = rules.filter((rule) => matches(rule.pattern)).sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow))[0];
  return winner?.allow ?? true;
}

describe('robots.txt and the crawl budget', () => {
  it('keeps crawlers out of searches and filter combinations, but not out of plain lists and their pages', async () => {
    const robots = (await app.inject({ url: '/robots.txt' })).body;
    for (const path of ['/tools?search=seo', '/services?page=2&search=seo', '/tools?price=under-100', '/category/crm?type=tools&rating=4', '/services?delivery=1-3', '/tools?categoryId=&price=&rating=', '/admin', '/api/services?search=seo']) {
      expect(allowedByRobots(robots, path), path).toBe(false);
    }
    for (const path of ['/', '/tools', '/tools?page=2', '/category/crm?type=tools', '/category/crm?type=tools&page=3', '/service/some-slug', '/company/acme', '/research']) {
      expect(allowedByRobots(robots, path), path).toBe(true);
    }
  });

  it('allows every address the sitemap lists', async () => {
    const robots = (await app.inject({ url: '/robots.txt' })).body;
    const urls: string[] = [];
    for (const file of locs((await app.inject({ url: '/sitemap.xml' })).body)) urls.push(...locs((await app.inject({ url: file.slice(site.length) })).body));
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(allowedByRobots(robots, url.slice(site.length)), url).toBe(true);
  });
});
