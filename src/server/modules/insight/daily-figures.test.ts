import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dailyFigureFlushes, listingDailyFigures } from '../../../db/schema/daily-figures';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createDailyCounts, type DailyCountRow } from '../../lib/daily-counts';
import { addDailyCounts, deleteOldDailyFigures } from './daily-figures.queries';

const { app, db } = await createTestApp({ readCacheMaxAgeMs: 30_000 });

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const owner = await createUser(app, db, { isProvider: true });
const member = await createUser(app, db);
const other = await createUser(app, db);
const category = await createCategory(db, { type: 'services' });
const toolCategory = await createCategory(db, { type: 'tools' });
const today = new Date().toISOString().slice(0, 10);

const visit = (url: string, { ip = '203.0.113.1', userAgent = browser, cookie }: { ip?: string; userAgent?: string; cookie?: string } = {}) =>
  app.inject({ url, remoteAddress: ip, headers: { 'user-agent': userAgent, ...(cookie && { cookie }) } });

async function figuresOf(listingId: number) {
  await app.dailyCounts.flush();
  const [row] = await db
    .select()
    .from(listingDailyFigures)
    .where(and(eq(listingDailyFigures.listingId, listingId), eq(listingDailyFigures.day, today)));
  if (!row) return zero;
  const { listingId: _, day: __, ...figures } = row;
  return figures;
}

const zero = { views: 0, uniqueVisitors: 0, leads: 0, favouritesAdded: 0, favouritesRemoved: 0, websiteClicks: 0, searchAppearances: 0, categoryAppearances: 0, newReviews: 0, ratingSum: 0, partnerApplications: 0 };

describe('daily figures of a listing', () => {
  it('turns a scripted day of visits, leads, favourites, clicks, searches and reviews into exact counts', async () => {
    const tool = await createListing(db, { type: 'services', providerId: owner.id, categoryId: category.id, title: 'Zebrafish planner', websiteUrl: 'https://zebrafish.example/' });
    const url = `/api/services/${tool.id}`;
    // Views: two visitors, one of them three times; a bot, a client without a user agent and the owner count nothing.
    await visit(url, { ip: '203.0.113.1' });
    await visit(url, { ip: '203.0.113.1' });
    await visit(url, { ip: '203.0.113.1' });
    await visit(url, { ip: '203.0.113.2' });
    await visit(url, { userAgent: bot });
    await visit(url, { userAgent: '' });
    await visit(url, { cookie: owner.cookie });
    // Leads: two inquiries.
    for (const cookie of [member.cookie, other.cookie]) {
      const res = await app.inject({ method: 'POST', url: `/api/services/${tool.id}/contact`, headers: { cookie }, payload: { name: 'Ada', email: 'ada@agency.test', message: 'Can you start?' } });
      expect([200, 201]).toContain(res.statusCode);
    }
    // Favourites: two added, one removed.
    for (const cookie of [member.cookie, other.cookie]) expect((await app.inject({ method: 'POST', url: `/api/favorites/${tool.id}`, headers: { cookie } })).statusCode).toBeLessThan(300);
    expect((await app.inject({ method: 'DELETE', url: `/api/favorites/${tool.id}`, headers: { cookie: other.cookie } })).statusCode).toBeLessThan(300);
    // Clicks out: two from visitors, none from a bot or the owner.
    for (const options of [{}, { ip: '203.0.113.9' }, { userAgent: bot }, { cookie: owner.cookie }]) {
      const res = await visit(`${url}/website`, options);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://zebrafish.example/');
    }
    // Appearances: a search twice (the second from the read cache), a category list once; a bot's search and a plain list count nothing.
    await visit('/api/services?search=zebrafish');
    await visit('/api/services?search=zebrafish');
    await visit('/api/services?search=zebrafish', { userAgent: bot });
    await visit(`/api/services?categoryId=${category.id}`);
    await visit('/api/services');
    // Reviews: a 5 and a 2.
    expect((await app.inject({ method: 'POST', url: `/api/services/${tool.id}/reviews`, headers: { cookie: member.cookie }, payload: { rating: 5, comment: 'Great' } })).statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: `/api/services/${tool.id}/reviews`, headers: { cookie: other.cookie }, payload: { rating: 2, comment: 'Meh' } })).statusCode).toBe(201);

    expect(await figuresOf(tool.id)).toEqual({
      ...zero,
      views: 4,
      uniqueVisitors: 2,
      leads: 2,
      favouritesAdded: 2,
      favouritesRemoved: 1,
      websiteClicks: 2,
      searchAppearances: 2,
      categoryAppearances: 1,
      newReviews: 2,
      ratingSum: 7,
    });
  });

  it('counts a pending listing nothing, and redirects only to the stored web address', async () => {
    const pending = await createListing(db, { type: 'tools', providerId: owner.id, categoryId: toolCategory.id, status: 'pending', websiteUrl: 'https://pending.example/' });
    expect((await visit(`/api/tools/${pending.id}/website`)).statusCode).toBe(404);
    const odd = await createListing(db, { type: 'tools', providerId: owner.id, categoryId: toolCategory.id, websiteUrl: 'javascript:alert(1)' });
    const res = await visit(`/api/tools/${odd.id}/website`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This listing has no website' });
    expect((await visit(`/api/tools/${odd.id}/website?to=https://evil.example/`)).headers.location).toBeUndefined();
    expect((await visit('/api/tools/abc/website')).statusCode).toBe(400);
    const service = await createListing(db, { type: 'services', providerId: owner.id, categoryId: category.id, websiteUrl: 'https://service.example/' });
    expect((await visit(`/api/tools/${service.id}/website`)).statusCode).toBe(404);
    expect(await figuresOf(pending.id)).toEqual(zero);
  });

  it('adds a batch once even when it is written twice, and each server only its own counts', async () => {
    const service = await createListing(db, { type: 'services', providerId: owner.id, categoryId: category.id });
    const row = { listingId: service.id, day: today, views: 3, uniqueVisitors: 1, websiteClicks: 0, searchAppearances: 5, categoryAppearances: 0 };
    await addDailyCounts(db, { id: 'batch-a', rows: [row] });
    await addDailyCounts(db, { id: 'batch-a', rows: [row] });
    // A second server's batch adds to the same row.
    await addDailyCounts(db, { id: 'batch-b', rows: [{ ...row, views: 1, searchAppearances: 0 }] });
    expect(await figuresOf(service.id)).toMatchObject({ views: 4, uniqueVisitors: 2, searchAppearances: 5 });
  });

  it('keeps a batch whose write failed, under the same id, and writes it at the next flush', async () => {
    const written: string[] = [];
    let fail = true;
    const counts = createDailyCounts({
      write: async (batch) => {
        if (fail) throw new Error('database down');
        written.push(`${batch.id}:${batch.rows.map((r) => `${r.listingId}/${r.views}/${r.websiteClicks}`).join(',')}`);
      },
    });
    counts.add(7, 'views');
    counts.add(7, 'views');
    await expect(counts.flush()).rejects.toThrow('database down');
    counts.add(7, 'websiteClicks');
    fail = false;
    await counts.flush();
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/:7\/2\/0$/);
    expect(written[1]).toMatch(/:7\/0\/1$/);
    expect(counts.pending()).toBe(0);
  });

  it('adds N to each listing of a page sent N times, across flushes, and nothing for a bot or a client without a user agent', async () => {
    const shown = await Promise.all([1, 2, 3].map((n) => createListing(db, { type: 'services', providerId: owner.id, categoryId: category.id, title: `Axolotl studio ${n}` })));
    const search = '/api/services?search=axolotl';
    for (let n = 0; n < 2; n++) expect((await visit(search)).json()).toHaveLength(3);
    await app.dailyCounts.flush();
    // The same cached answer after a flush: its count starts again from zero and is not lost or written twice.
    for (let n = 0; n < 3; n++) await visit(search);
    await visit(search, { userAgent: bot });
    await visit(search, { userAgent: '' });
    for (const listing of shown) expect(await figuresOf(listing.id)).toMatchObject({ searchAppearances: 5, categoryAppearances: 0 });
  });

  it('counts a sending on the UTC day it happens, a page sent across midnight on both days', async () => {
    let clock = Date.parse('2026-03-01T23:59:59.500Z');
    const written: DailyCountRow[] = [];
    const counts = createDailyCounts({ write: async (batch) => void written.push(...batch.rows), now: () => clock });
    const sent = counts.pageServings([41, 42], 'searchAppearances')!;
    sent();
    sent();
    clock = Date.parse('2026-03-02T00:00:00.000Z');
    sent();
    sent();
    sent();
    await counts.flush();
    expect(written.map((row) => [row.listingId, row.day, row.searchAppearances])).toEqual([
      [41, '2026-03-01', 2],
      [41, '2026-03-02', 3],
      [42, '2026-03-01', 2],
      [42, '2026-03-02', 3],
    ]);
    expect(createDailyCounts({ write: async () => undefined, enabled: false }).pageServings([41], 'searchAppearances')).toBeUndefined();
  });

  it('counts a page’s sendings once when the write whose answer was lost is retried', async () => {
    const listing = await createListing(db, { type: 'services', providerId: owner.id, categoryId: category.id });
    let loseAnswer = true;
    const counts = createDailyCounts({
      write: async (batch) => {
        await addDailyCounts(db, batch);
        if (loseAnswer) {
          loseAnswer = false;
          throw new Error('connection lost after the commit');
        }
      },
    });
    const sent = counts.pageServings([listing.id], 'categoryAppearances')!;
    for (let n = 0; n < 4; n++) sent();
    await expect(counts.flush()).rejects.toThrow('connection lost');
    sent();
    await counts.flush();
    expect(counts.pending()).toBe(0);
    expect(await figuresOf(listing.id)).toMatchObject({ categoryAppearances: 5 });
  });

  it('holds no more than 200,000 waiting rows of sent pages while a write hangs', async () => {
    const counts = createDailyCounts({ write: () => new Promise<void>(() => undefined) });
    const many = Array.from({ length: 200_001 }, (_, i) => i + 1);
    counts.pageServings(many, 'searchAppearances')!();
    void counts.flush();
    expect(counts.pending()).toBe(200_000);
    // The flush under way never ends; the next turn still takes the pages sent since, into the bound.
    counts.pageServings([300_000], 'searchAppearances')!();
    void counts.flush();
    expect(counts.pending()).toBe(200_000);
  });

  it('deletes figures older than 25 months and batch ids older than a day', async () => {
    const service = await createListing(db, { type: 'services', providerId: owner.id, categoryId: category.id });
    await db.insert(listingDailyFigures).values([
      { listingId: service.id, day: '2024-01-14', views: 1 },
      { listingId: service.id, day: '2024-01-15', views: 1 },
    ]);
    await db.insert(dailyFigureFlushes).values({ id: 'old-batch', flushedAt: new Date('2026-02-13T00:00:00Z') });
    await deleteOldDailyFigures(db, new Date('2026-02-15T12:00:00Z'));
    const days = await db.select({ day: listingDailyFigures.day }).from(listingDailyFigures).where(eq(listingDailyFigures.listingId, service.id));
    expect(days.map((d) => d.day)).toEqual(['2024-01-15']);
    expect(await db.select().from(dailyFigureFlushes).where(eq(dailyFigureFlushes.id, 'old-batch'))).toEqual([]);
  });

  it('drops a listing’s figures with it, and counts no favourite removal for the deletion', async () => {
    const service = await createListing(db, { type: 'services', providerId: owner.id, categoryId: category.id });
    await app.inject({ method: 'POST', url: `/api/favorites/${service.id}`, headers: { cookie: member.cookie } });
    expect((await app.inject({ method: 'DELETE', url: `/api/provider/services/${service.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    const left = await db.execute(sql`select count(*)::int as n from listing_daily_figures where listing_id = ${service.id}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
