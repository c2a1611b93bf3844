import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '../../db/schema/listings';
import { createTestApp } from '../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../test/factories';
import { FuzzWorld, roleFor } from '../../../test/fuzz/fuzz-world';
import { changedTables, tableChecksums } from '../../../test/fuzz/table-checksums';
import { CROSS_ORIGIN_EXEMPT, CROSS_ORIGIN_REFUSAL } from './cross-origin';

const SITE = 'https://directory.example';
const { app, db } = await createTestApp({ siteUrl: SITE });

type Document = { paths: Record<string, Record<string, unknown>> };
const document = (await app.inject('/api/openapi.json')).json() as Document;

/**
 * Every state-changing operation the API document describes, as "METHOD /pattern" with Fastify's
 * ":name" parameters: a route added tomorrow is in the document (api-docs.test.ts sees to that),
 * and so in this list, without touching this file.
 */
const writeRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.keys(operations)
    .map((method) => method.toUpperCase())
    .filter((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method))
    .map((method) => ({ method, pattern: path.replace(/\{(\w+)\}/g, ':$1') })),
);

/** What a page of another origin can make a browser send. */
const crossOrigin: Record<string, Record<string, string>> = {
  'another site': { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  'a sibling subdomain': { 'sec-fetch-site': 'same-site', origin: 'https://evil.directory.example' },
  'another site, old browser (Origin only)': { origin: 'https://evil.example' },
  'an opaque origin, old browser': { origin: 'null' },
  'this host over plain http, with Sec-Fetch-Site': { 'sec-fetch-site': 'cross-site', origin: 'http://directory.example' },
};
/** Bodies a form or a "simple" fetch can carry without a CORS preflight, and none at all. */
const bodies: { name: string; headers: Record<string, string>; payload?: string }[] = [
  { name: 'no body', headers: {} },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: '{"approved":true}' },
  { name: 'a form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' },
];

describe('requests from another origin', () => {
  it('are refused on every write route of the API document, whatever the body, and change nothing', { timeout: 120_000 }, async () => {
    expect(writeRoutes.length).toBeGreaterThan(40);
    // Stripe's webhook only: another site calls it, and its signature is its proof (stripe-webhook.test.ts).
    expect(CROSS_ORIGIN_EXEMPT).toEqual(['POST /api/billing/stripe/webhook']);
    const world = new FuzzWorld(app, db);
    await world.create();
    // The minute's trending refresh writes on a timer, whatever the requests do.
    const checksums = await tableChecksums(db, ['job_claims', 'trending_scores']);
    const before = await checksums();

    const problems: string[] = [];
    for (const { method, pattern } of writeRoutes) {
      const role = roleFor(method, pattern);
      const url = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(world.paramValue(pattern, name)));
      const cookie = world.cookieFor(role);
      for (const [from, originHeaders] of Object.entries(crossOrigin)) {
        for (const body of bodies) {
          const response = await app.inject({
            method: method as 'POST',
            url,
            headers: { ...originHeaders, ...body.headers, ...(cookie && { cookie }) },
            ...(body.payload !== undefined && { payload: body.payload }),
          });
          // An exempt route is not refused, but without a signature it answers 400 (or 415) and changes nothing either.
          const exempt = CROSS_ORIGIN_EXEMPT.includes(`${method} ${pattern}`);
          const ok = exempt
            ? response.statusCode === 400 || response.statusCode === 415
            : response.statusCode === 403 && response.headers['content-type']?.toString().startsWith('application/json') && response.json<{ message: string }>().message === CROSS_ORIGIN_REFUSAL;
          if (!ok) problems.push(`${method} ${pattern} as ${role} from ${from}, ${body.name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(changedTables(before, await checksums())).toEqual([]);
  });

  it("keep an administrator's approval from happening: the listing stays pending", async () => {
    const admin = await createUser(app, db, { isAdmin: true });
    const provider = await createUser(app, db, { isProvider: true });
    const category = await createCategory(db);
    const pending = await createListing(db, { providerId: provider.id, categoryId: category.id, status: 'pending' });
    const approve = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: `/api/admin/services/${pending.id}/approve`, headers: { cookie: admin.cookie, ...headers } });

    const refused = await approve({ 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: CROSS_ORIGIN_REFUSAL });
    const [row] = await db.select({ status: listings.status }).from(listings).where(eq(listings.id, pending.id));
    expect(row!.status).toBe('pending');
    const listing = await app.inject(`/api/services/${pending.id}`);
    expect(listing.statusCode).toBe(404);

    // The site's own page asking is let through.
    const own = await approve({ origin: SITE, 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(200);
    expect((await app.inject(`/api/services/${pending.id}`)).statusCode).toBe(200);
  });

  it('let through what is not another origin, as Go net/http CrossOriginProtection does', async () => {
    const member = await createUser(app, db);
    const category = await createCategory(db);
    const provider = await createUser(app, db, { isProvider: true });
    const listing = await createListing(db, { providerId: provider.id, categoryId: category.id });
    const favourite = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: `/api/favorites/${listing.id}`, headers: { cookie: member.cookie, ...headers } });
    const unfavourite = () => app.inject({ method: 'DELETE', url: `/api/favorites/${listing.id}`, headers: { cookie: member.cookie } });

    const allowed: Record<string, Record<string, string>> = {
      'the same origin': { 'sec-fetch-site': 'same-origin', origin: SITE },
      'a person typing the address (none)': { 'sec-fetch-site': 'none' },
      'no header at all (curl, a script, app.inject)': {},
      'an old browser on the site address': { origin: SITE },
      'an old browser on the address the request came to': { origin: 'http://localhost' },
    };
    for (const [what, headers] of Object.entries(allowed)) {
      const response = await favourite(headers);
      expect.soft(response.statusCode, what).toBeLessThan(300);
      await unfavourite();
    }
    // Reads are never refused: a link from another site must still open the page.
    const read = await app.inject({ url: '/api/categories', headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
  });

  it('trust the forwarded host only from a trusted proxy', async () => {
    const member = await createUser(app, db);
    const provider = await createUser(app, db, { isProvider: true });
    const listing = await createListing(db, { providerId: provider.id, categoryId: (await createCategory(db)).id });
    const headers = { cookie: member.cookie, origin: 'https://proxied.example', 'x-forwarded-host': 'proxied.example' };
    // This app trusts no proxy, so the forwarded host is not its own.
    const response = await app.inject({ method: 'POST', url: `/api/favorites/${listing.id}`, headers });
    expect(response.statusCode).toBe(403);
  });
});

describe('the exemption list and a trusted proxy', () => {
  it('let a listed route (a payment webhook, say) take requests from another site, and a proxied host be its own', async () => {
    const { buildApp } = await import('../app');
    const { testConfig } = await import('../config');
    const { openTestDatabase } = await import('../../../test/test-database');
    const database = await openTestDatabase();
    const exempted = await buildApp({ config: testConfig({ trustProxy: true }), database, crossOriginExempt: ['POST /api/test-webhook'] });
    exempted.post('/api/test-webhook', async () => ({ received: true }));
    exempted.post('/api/test-other', async () => ({ received: true }));
    await exempted.ready();
    try {
      const headers = { 'sec-fetch-site': 'cross-site', origin: 'https://payments.example', 'content-type': 'text/plain' };
      expect((await exempted.inject({ method: 'POST', url: '/api/test-webhook', headers, payload: 'x' })).statusCode).toBe(200);
      expect((await exempted.inject({ method: 'POST', url: '/api/test-other', headers, payload: 'x' })).statusCode).toBe(403);
      // Behind a trusted proxy, an old browser's Origin is compared with the host the proxy was asked for.
      const proxied = { origin: 'https://proxied.example', 'x-forwarded-host': 'proxied.example', 'content-type': 'text/plain' };
      expect((await exempted.inject({ method: 'POST', url: '/api/test-other', headers: proxied, payload: 'x' })).statusCode).toBe(200);
    } finally {
      await exempted.close();
      await database.close();
    }
  });
});
