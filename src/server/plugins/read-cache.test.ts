import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema/categories';
import { listings } from '../../db/schema/listings';
import { createCategory, createListing, createUser } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { buildApp } from '../app';

// Two servers on one database: the second has its own cache, its own pool and (on PostgreSQL) its own listener.
const { app, db, database, config } = await createTestApp();
const otherDatabase = await database.openAnother();
const other = await buildApp({ config, database: otherDatabase });
await other.ready();
afterAll(async () => {
  await other.close();
  await otherDatabase.close();
});

// A third server that serves pages, with a renderer that counts its work.
const root = mkdtempSync(path.join(os.tmpdir(), 'read-cache-test-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Directory</title><div id="root"></div>');
let renders = 0;
const pagesDatabase = await database.openAnother();
const pages = await buildApp({
  config,
  database: pagesDatabase,
  client: {
    root,
    renderPage: async (html, request) => {
      renders += 1;
      const names = (await categoryNames()).join(', ');
      return { html: html.replace('Directory', `${request.url} ${names}`), found: !request.url.startsWith('/tool/') };
    },
  },
});
afterAll(async () => {
  await pages.close();
  await pagesDatabase.close();
});
const categoryNames = async () => (await db.select({ name: categories.name }).from(categories).orderBy(categories.id)).map((c) => c.name);

const admin = await createUser(app, db, { isAdmin: true });
const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'tools' });

const featuredTitles = async (server = app) => {
  const res = await server.inject({ url: '/api/tools/featured?limit=24' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { title: string }[]).map((l) => l.title);
};

describe('cached public reads', () => {
  it('answers with a validator, and 304 to a browser that has the same answer', async () => {
    const first = await app.inject({ url: '/api/categories?type=tools' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await app.inject({ url: '/api/categories?type=tools', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // The administrator renames the category: the browser's copy no longer matches.
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/categories/${category.id}`,
      headers: { cookie: admin.cookie },
      payload: { name: 'Renamed tools', slug: category.slug, type: 'tools' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const changed = await app.inject({ url: '/api/categories?type=tools', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().map((c: { name: string }) => c.name)).toContain('Renamed tools');
  });

  it('shows a write in the next read on the server that made it, and soon on the other server', async () => {
    const listing = await createListing(db, { type: 'tools', categoryId: category.id, providerId: provider.id, title: 'Cached Tool' });
    expect(await featuredTitles()).not.toContain('Cached Tool');
    expect(await featuredTitles(other)).not.toContain('Cached Tool');

    const featured = await app.inject({
      method: 'PATCH',
      url: `/api/admin/tools/${listing.id}/featured`,
      headers: { cookie: admin.cookie },
      payload: { isFeatured: true },
    });
    expect(featured.statusCode, featured.body).toBe(200);
    expect(await featuredTitles()).toContain('Cached Tool');
    // The other server hears of the write through the database, a moment after it commits.
    await expect.poll(() => featuredTitles(other)).toContain('Cached Tool');

    // And the other way round: a deletion on the other server.
    const deleted = await other.inject({ method: 'DELETE', url: `/api/admin/tools/${listing.id}`, headers: { cookie: admin.cookie } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await featuredTitles(other)).not.toContain('Cached Tool');
    await expect.poll(() => featuredTitles()).not.toContain('Cached Tool');
  });

  it('hears writes made outside any request (a background job, a script)', async () => {
    const listing = await createListing(db, { type: 'tools', categoryId: category.id, providerId: provider.id, title: 'Quiet Tool', isFeatured: true });
    // No request made these writes, so no server waits for their announcement: each hears it a moment later.
    await expect.poll(() => featuredTitles()).toContain('Quiet Tool');
    await expect.poll(() => featuredTitles(other)).toContain('Quiet Tool');
    await db.update(listings).set({ title: 'Renamed Quiet Tool' }).where(eq(listings.id, listing.id));
    await expect.poll(() => featuredTitles()).toContain('Renamed Quiet Tool');
    await expect.poll(() => featuredTitles(other)).toContain('Renamed Quiet Tool');
  });

  it('shows a provider profile edit on cached cards', async () => {
    await createListing(db, { type: 'tools', categoryId: category.id, providerId: provider.id, title: 'Profile Tool', isFeatured: true });
    await expect.poll(() => featuredTitles()).toContain('Profile Tool');
    const companies = async () => ((await app.inject({ url: '/api/tools/featured?limit=24' })).json() as { provider: { companyName: string | null } }[]).map((l) => l.provider.companyName);
    expect(await companies()).not.toContain('Renamed Company');
    const edit = await app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie: provider.cookie }, payload: { firstName: 'Pat', lastName: 'Provider', email: provider.email, companyName: 'Renamed Company' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await companies()).toContain('Renamed Company');
  });
});

describe('cached searches and list pages', () => {
  const search = async (server = app, cookie?: string) => {
    const res = await server.inject({ url: '/api/tools?search=zephyrine', headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return { titles: (res.json() as { title: string }[]).map((l) => l.title), total: res.headers['x-total-count'], exact: res.headers['x-total-count-exact'], etag: res.headers.etag };
  };

  it("keeps a visitor's search with its totals, shows a write in the next search, and keys by the parsed query", async () => {
    const listing = await createListing(db, { type: 'tools', categoryId: category.id, providerId: provider.id, title: 'Zephyrine Mailer', status: 'approved' });
    const first = await search();
    expect(first).toMatchObject({ titles: ['Zephyrine Mailer'], total: '1', exact: 'true' });
    expect(first.etag).toBeTruthy();
    // A hit answers the same, headers included; a parameter the query does not know changes nothing.
    expect(await search()).toEqual(first);
    const junk = await app.inject({ url: '/api/tools?search=zephyrine&utm_source=mail' });
    expect(junk.headers.etag).toBe(first.etag);

    // An administrator features it: the next search on this server, and soon on the other one,
    // says so. A write outside any request (a script) is heard too.
    const featured = async (server = app) => ((await server.inject({ url: '/api/tools?search=zephyrine' })).json() as { isFeatured: boolean }[])[0]?.isFeatured;
    expect(await featured(other)).toBe(false);
    const feature = await app.inject({ method: 'PATCH', url: `/api/admin/tools/${listing.id}/featured`, headers: { cookie: admin.cookie }, payload: { isFeatured: true } });
    expect(feature.statusCode, feature.body).toBe(200);
    expect(await featured()).toBe(true);
    await expect.poll(() => featured(other)).toBe(true);
    await db.update(listings).set({ status: 'rejected' }).where(eq(listings.id, listing.id));
    await expect.poll(async () => (await search()).titles).toEqual([]);
    await expect.poll(async () => (await search(other)).total).toBe('0');
  });

  it("follows another server's write in what it knows of the words searched, as in its answers", async () => {
    const titles = async (server: typeof app) =>
      ((await server.inject({ url: '/api/tools?search=quillwright' })).json() as { title: string }[]).map((l) => l.title).sort();
    await createListing(db, { type: 'tools', categoryId: category.id, providerId: provider.id, title: 'Quillwright Desk', status: 'approved' });
    // The other server learns that no live tool uses a longer word "quillwright" begins: it is complete.
    await expect.poll(() => titles(other)).toEqual(['Quillwright Desk']);
    // A tool using one goes live: the other server forgets what it knew, and finds it.
    await createListing(db, { type: 'tools', categoryId: category.id, providerId: provider.id, title: 'Quillwrightship Ledger', status: 'approved' });
    await expect.poll(() => titles(other)).toEqual(['Quillwright Desk', 'Quillwrightship Ledger']);
  });

  it('answers a signed-in viewer afresh, not from the visitors\' copy', async () => {
    await db.update(listings).set({ status: 'approved' }).where(eq(listings.title, 'Zephyrine Mailer'));
    const signedIn = await search(app, admin.cookie);
    expect(signedIn).toMatchObject({ titles: ['Zephyrine Mailer'], total: '1', etag: undefined });
  });
});

describe('compressed cached answers', () => {
  it('sends the encoding the browser accepts, the same answer and validator, and Vary on every variant', async () => {
    // Enough listings that the featured answer is over the compression threshold.
    for (let i = 0; i < 6; i += 1) await createListing(db, { type: 'tools', categoryId: category.id, providerId: provider.id, isFeatured: true, status: 'approved' });
    const url = '/api/tools/featured?limit=24';
    const plain = await app.inject({ url });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip'], ['deflate', 'deflate'], ['*', 'gzip'], ['br;q=0, gzip;q=0.5', 'gzip']] as const) {
      for (let i = 0; i < 2; i += 1) {
        const res = await app.inject({ url, headers: { 'accept-encoding': accept } });
        expect([accept, res.statusCode, res.headers['content-encoding'], res.headers.vary]).toEqual([accept, 200, encoding, 'accept-encoding']);
        expect(res.headers.etag).toBe(plain.headers.etag);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(decoders[encoding](res.rawPayload).toString()).toBe(plain.body);
      }
    }
    for (const accept of ['identity', 'compress']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': accept } });
      expect([accept, res.headers['content-encoding'], res.body]).toEqual([accept, undefined, plain.body]);
    }
    const revalidated = await app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string } });
    expect([revalidated.statusCode, revalidated.body]).toEqual([304, '']);
  });

  it('answers an uncached read in brotli to a browser that also accepts zstd, as the cache does, on any Node', async () => {
    // What current browsers send (the cached side is in the test above). Node 22.15 and later can
    // make zstd, which @fastify/compress would otherwise prefer.
    const res = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect([res.statusCode, res.headers['content-encoding']]).toEqual([200, 'br']);
    expect(brotliDecompressSync(res.rawPayload).length).toBeGreaterThan(1024);
  });

  it('compresses a page for a browser that accepts it', async () => {
    const big = await pages.inject({ url: `/tools?${'x'.repeat(1200)}` });
    const res = await pages.inject({ url: `/tools?${'x'.repeat(1200)}`, headers: { 'accept-encoding': 'gzip' } });
    expect([res.statusCode, res.headers['content-encoding'], res.headers['content-type']]).toEqual([200, 'gzip', 'text/html; charset=utf-8']);
    expect(gunzipSync(res.rawPayload).toString()).toBe(big.body);
  });
});

describe('cached pages', () => {
  it('renders a page once for anonymous visitors, with a validator, until a write', async () => {
    const before = renders;
    const first = await pages.inject({ url: '/tools?page=2' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await pages.inject({ url: '/tools?page=2' });
    expect(again.body).toBe(first.body);
    expect(renders).toBe(before + 1);
    expect((await pages.inject({ url: '/tools?page=2', headers: { 'if-none-match': first.headers.etag as string } })).statusCode).toBe(304);

    const renamed = await pages.inject({
      method: 'PUT',
      url: `/api/categories/${category.id}`,
      headers: { cookie: admin.cookie },
      payload: { name: 'Page tools', slug: category.slug, type: 'tools' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await pages.inject({ url: '/tools?page=2' });
    expect(after.body).toContain('Page tools');
    expect(renders).toBe(before + 2);
  });

  it("serves a listing's page from the cache and still counts each visitor's view, not a bot's", async () => {
    const listing = await createListing(db, { type: 'services', categoryId: category.id, providerId: provider.id, status: 'approved', viewCount: 0 });
    const views = async () => (await db.select({ n: listings.viewCount }).from(listings).where(eq(listings.id, listing.id)))[0]!.n;
    const before = renders;
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    for (const remoteAddress of ['203.0.113.1', '203.0.113.2', '203.0.113.2']) {
      const res = await pages.inject({ url: `/service/${listing.slug}`, headers: { 'user-agent': browser }, remoteAddress });
      expect(res.statusCode).toBe(200);
    }
    expect(renders).toBe(before + 1);
    expect(await views()).toBe(2); // two visitors; the second one's repeat is the same visitor
    await pages.inject({ url: `/service/${listing.slug}`, headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    await pages.inject({ url: `/service/${listing.slug}` });
    expect(await views()).toBe(2);
  });

  it('keeps the not-found status of a cached page', async () => {
    expect((await pages.inject({ url: '/tool/nothing-here' })).statusCode).toBe(404);
    expect((await pages.inject({ url: '/tool/nothing-here' })).statusCode).toBe(404);
  });

  it('renders afresh for a signed-in visitor, whose page may differ', async () => {
    await pages.inject({ url: '/services' });
    const before = renders;
    for (let i = 0; i < 2; i += 1) {
      const res = await pages.inject({ url: '/services', headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBeUndefined();
    }
    expect(renders).toBe(before + 2);
  });
});
