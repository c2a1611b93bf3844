import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openTestDatabase } from '../../../test/test-database';
import { EARLY_EVENTS_CSP_SOURCE } from '../modules/pages/render-app';

// A stand-in build output: the plugin's job is serving whatever Vite produced, so a tiny one will do.
const root = mkdtempSync(path.join(os.tmpdir(), 'client-test-'));
mkdirSync(path.join(root, 'assets'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Directory</title><div id="root"></div>');
writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log("app")');
writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// A larger script with the compressed copies the build writes beside it (vite.config.ts).
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;
writeFileSync(path.join(root, 'assets', 'page-def456.js'), bigScript);
// Not the levels the server would compress at itself, so the test can tell the copy from that.
const bigScriptBr = brotliCompressSync(bigScript, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
const bigScriptGzip = gzipSync(bigScript, { level: 1 });
writeFileSync(path.join(root, 'assets', 'page-def456.js.br'), bigScriptBr);
writeFileSync(path.join(root, 'assets', 'page-def456.js.gz'), bigScriptGzip);

const database = await openTestDatabase();
const app = await buildApp({ config: testConfig(), database, client: { root } });

// A renderer standing in for the real one's two outcomes it cannot produce on demand: a failure
// (a database outage) and an address whose entity does not exist.
const rendering = await buildApp({
  config: testConfig(),
  database,
  client: {
    root,
    renderPage: async (html, request) => {
      if (request.url.startsWith('/service/')) throw new Error('connection terminated');
      return { html: html.replace('Directory', 'Rendered'), found: !request.url.startsWith('/tool/') };
    },
  },
});
afterAll(async () => {
  await app.close();
  await rendering.close();
  await database.close();
});

describe('serving the built client', () => {
  it('answers page paths with index.html', async () => {
    for (const url of ['/', '/tools', '/service/some-slug', '/category/seo?type=services', '/admin']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers unknown page paths with the client (its not-found screen) and a 404 status', async () => {
    const res = await app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('keeps unknown API paths JSON', async () => {
    const res = await app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/no-such-thing' });
  });

  it('caches hashed assets for good and other files briefly', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("sends a script's compressed copy from the build in the encoding the browser accepts", async () => {
    const br = await app.inject({ url: '/assets/page-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.equals(bigScriptBr)).toBe(true);
    const gzip = await app.inject({ url: '/assets/page-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(bigScriptGzip)).toBe(true);
    const plain = await app.inject({ url: '/assets/page-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('does not serve files outside the build', async () => {
    const res = await app.inject({ url: '/../package.json' });
    expect(res.body).not.toContain('"dependencies"');
  });

  it('sends security headers', async () => {
    const res = await app.inject({ url: '/' });
    // Our own scripts, and the one inline script (the early event contract) by its hash, no other.
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${EARLY_EVENTS_CSP_SOURCE};`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the plain client when rendering the page fails, with the status of its address', async () => {
    const res = await rendering.inject({ url: '/service/any-slug' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Directory</title>');
    expect((await rendering.inject({ url: '/categories' })).body).toContain('<title>Rendered</title>');
  });

  it('answers 404 when the renderer finds nothing at the address, still with the client', async () => {
    const res = await rendering.inject({ url: '/tool/gone' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Rendered</title>');
  });
});
