import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../db/schema/limits';
import { buildApp } from '../app';
import { createUser } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import type { FastifyRequest } from 'fastify';
import { inProcessFetch } from '../modules/pages/render-app';
import { createPageRenderer } from '../modules/seo/render-page';

// A stand-in for the built client: the page path only needs index.html.
const root = mkdtempSync(path.join(os.tmpdir(), 'public-read-limit-test-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');

// Two apps on one database stand for two servers behind a proxy. At 4 a minute each server writes
// every read it counts (a batch of one), so the shared count is exact.
const LIMIT = 4;
// Signed-in accounts have a larger allowance of their own, counted per account.
const SIGNED_IN_LIMIT = 6;
const first = await createTestApp({ publicReadRateLimitPerMinute: LIMIT, signedInReadRateLimitPerMinute: SIGNED_IN_LIMIT, trustProxy: true });
const client = { root, renderPage: createPageRenderer(first.db, first.config) };
const second = await buildApp({ config: first.config, database: first.database, client });
await second.ready();
// A server with a larger limit, whose writes are batched (20 a minute per server: a batch of 5).
const batched = await buildApp({ config: { ...first.config, publicReadRateLimitPerMinute: 100, signedInReadRateLimitPerMinute: 100 }, database: first.database });
await batched.ready();
afterAll(async () => {
  await second.close();
  await batched.close();
});

const search = (app: typeof second, visitor: string, query: string) =>
  app.inject({ url: `/api/services?search=${encodeURIComponent(query)}`, headers: { 'x-forwarded-for': visitor } });

describe('the limit on uncached public reads', () => {
  it('counts one address on both servers together; the 429 says when to try again; repeats the cache answers are free', async () => {
    const visitor = '203.0.113.20';
    expect((await search(first.app, visitor, 'one')).statusCode).toBe(200);
    expect((await search(second, visitor, 'two')).statusCode).toBe(200);
    expect((await search(first.app, visitor, 'three')).statusCode).toBe(200);
    expect((await search(second, visitor, 'four')).statusCode).toBe(200);
    const limited = await search(first.app, visitor, 'five');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json().message).toMatch(/^Too many requests\. Please try again in (\d+ seconds?|1 minute)\.$/);
    expect((await search(second, visitor, 'six')).statusCode).toBe(429);
    // Already in this server's cache: no query, nothing counted.
    expect((await search(first.app, visitor, 'one')).statusCode).toBe(200);
    // Another visitor behind the same proxy has a quota of their own.
    expect((await search(second, '203.0.113.21', 'five')).statusCode).toBe(200);
  });

  it("does not count a server render's own API reads again: the page was counted", async () => {
    const visitor = '203.0.113.25';
    for (let i = 0; i < LIMIT; i++) await search(first.app, visitor, `r${i}`);
    expect((await search(first.app, visitor, 'r-next')).statusCode).toBe(429);
    const page = { server: first.app, headers: {}, ip: visitor, method: 'GET' } as unknown as FastifyRequest;
    expect((await inProcessFetch(page)('/api/services?search=rendered')).status).toBe(200);
    // The header without this process's token is an ordinary request.
    const forged = await first.app.inject({ url: '/api/services?search=forged', headers: { 'x-forwarded-for': visitor, 'x-in-process-render': 'guess' } });
    expect(forged.statusCode).toBe(429);
  });

  it('answers a person asking for a searched page with a readable page', async () => {
    const visitor = '203.0.113.30';
    for (let i = 0; i < LIMIT; i++) {
      const page = await second.inject({ url: `/services?search=page${i}`, headers: { 'x-forwarded-for': visitor } });
      expect(page.statusCode, `page ${i}`).toBe(200);
    }
    const limited = await second.inject({ url: '/services?search=one-more', headers: { 'x-forwarded-for': visitor, accept: 'text/html' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.body).toContain('<h1>Too many requests</h1>');
    expect(limited.body).toMatch(/Please try again in (\d+ seconds?|1 minute)\./);
    // A cookie that names no session skips the page cache, not the limit.
    const forged = await second.inject({ url: '/services?search=again', headers: { 'x-forwarded-for': visitor, cookie: 'sid=forged' } });
    expect(forged.statusCode).toBe(429);
    // The plain list page is not a search: a person can always reach the catalogue.
    expect((await second.inject({ url: '/services', headers: { 'x-forwarded-for': visitor } })).statusCode).toBe(200);
  });

  it('limits a signed-in account too, per account across servers, with its larger allowance', async () => {
    const member = await createUser(first.app, first.db);
    const visitor = '203.0.113.35';
    const asMember = (app: typeof second, url: string, from = visitor) => app.inject({ url, headers: { 'x-forwarded-for': from, cookie: member.cookie } });
    // Past the anonymous limit, through the API and as searched pages, on both servers.
    for (let i = 0; i < SIGNED_IN_LIMIT; i++) {
      // Only the second app serves pages.
      const answer = i % 3 === 0 ? await asMember(second, `/services?search=m${i}`) : await asMember(i % 2 ? second : first.app, `/api/services?search=m${i}`);
      expect(answer.statusCode, `read ${i}`).toBe(200);
    }
    // Moving to another address does not reset an account's count.
    const limited = await asMember(first.app, '/api/tools?search=more', '198.51.100.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.json().message).toMatch(/^Too many requests\. Please try again in/);
    expect((await asMember(second, '/services?search=page-more')).statusCode).toBe(429);
    // The plain list page stays open to everyone.
    expect((await asMember(second, '/services')).statusCode).toBe(200);
    // Another account, and anonymous reads from the same address, have counts of their own.
    const other = await createUser(first.app, first.db);
    expect((await first.app.inject({ url: '/api/services?search=other', headers: { 'x-forwarded-for': visitor, cookie: other.cookie } })).statusCode).toBe(200);
    expect((await search(first.app, visitor, 'anonymous')).statusCode).toBe(200);
  });

  it('costs a database write once per batch of reads, not for each', async () => {
    const visitor = '203.0.113.40';
    const counted = async () => (await first.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, `public-read:${visitor}`)))[0]?.hits;
    expect((await search(batched, visitor, 'b0')).statusCode).toBe(200);
    // The window's first read is written at once, to learn the other servers' count.
    expect(await counted()).toBe(1);
    for (let i = 1; i <= 4; i++) expect((await search(batched, visitor, `b${i}`)).statusCode).toBe(200);
    expect(await counted()).toBe(1);
    expect((await search(batched, visitor, 'b5')).statusCode).toBe(200);
    expect(await counted()).toBe(6);
  });

  it('is off at 0', async () => {
    const off = await buildApp({ config: { ...first.config, publicReadRateLimitPerMinute: 0 }, database: first.database });
    try {
      for (let i = 0; i < LIMIT + 2; i++) expect((await search(off, '203.0.113.50', `off${i}`)).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
