import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedLookup, RefusedUrlError } from './address-check';
import { createPinnedFetcher } from './pinned-fetch';

const hits: string[] = [];
const site: Server = createServer((request, response) => {
  hits.push(`${request.headers.host}${request.url}`);
  if (request.url === '/never') return; // accepts the request and never answers
  if (request.url === '/redirect') return void response.writeHead(302, { location: '/elsewhere' }).end();
  if (request.url === '/big') return void response.end(Buffer.alloc(2048, 'a'));
  if (request.url === '/bomb') return void response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(2048)));
  if (request.url === '/gzip') {
    return void response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'] }).end(gzipSync('hello'));
  }
  response.writeHead(200, { 'content-type': 'text/plain' }).end(`method ${request.method}`);
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const port = (site.address() as AddressInfo).port;
afterAll(() => {
  site.closeAllConnections();
  return new Promise<void>((resolve) => site.close(() => resolve()));
});

function fetcher(allowedHosts: string[], options: { signal?: AbortSignal; maxBytes?: number } = {}) {
  const pinned = createPinnedFetcher({ allowedHosts, signal: options.signal ?? AbortSignal.timeout(5000), maxBytes: options.maxBytes });
  afterAll(pinned.close);
  return pinned;
}
const get = { method: 'GET', headers: {} };

describe('pinned fetch', () => {
  it('checks the addresses it connects to, not an earlier answer: a name resolving to loopback is refused at connection', async () => {
    const before = hits.length;
    const strict = fetcher([]);
    for (const url of [`http://localhost:${port}/`, `http://127.0.0.1:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`]) {
      await expect(strict.fetch(url, get), url).rejects.toBeInstanceOf(RefusedUrlError);
    }
    expect(hits.length).toBe(before);
  });

  it('connects to an allow-listed host', async () => {
    const response = await fetcher(['localhost']).fetch(`http://localhost:${port}/`, { method: 'POST', headers: {} });
    expect(response).toMatchObject({ status: 200, body: Buffer.from('method POST') });
  });

  it('answers a redirect instead of following it', async () => {
    const response = await fetcher(['127.0.0.1']).fetch(`http://127.0.0.1:${port}/redirect`, get);
    expect(response.status).toBe(302);
    expect(response.headers['location']).toBe('/elsewhere');
    expect(hits).not.toContain(`127.0.0.1:${port}/elsewhere`);
  });

  it('refuses schemes other than http(s)', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'data:text/html,hi', 'gopher://example.com/']) {
      await expect(fetcher([]).fetch(url, get), url).rejects.toThrow(/scheme not allowed/);
    }
  });

  it('decompresses the body for the browser and keeps every cookie', async () => {
    const response = await fetcher(['127.0.0.1']).fetch(`http://127.0.0.1:${port}/gzip`, get);
    expect(response.body.toString()).toBe('hello');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['set-cookie']).toBe('a=1\nb=2');
  });

  it('refuses a response over the size cap, also when it only grows on decompression', async () => {
    const small = fetcher(['127.0.0.1'], { maxBytes: 1024 });
    await expect(small.fetch(`http://127.0.0.1:${port}/big`, get)).rejects.toThrow(/larger than 1024 bytes/);
    await expect(small.fetch(`http://127.0.0.1:${port}/bomb`, get)).rejects.toThrow(/larger than 1024 bytes/);
    await expect(small.fetch(`http://127.0.0.1:${port}/`, get)).resolves.toMatchObject({ status: 200 });
  });

  it('gives up when the signal aborts (a server that never answers)', async () => {
    const started = Date.now();
    await expect(fetcher(['127.0.0.1'], { signal: AbortSignal.timeout(200) }).fetch(`http://127.0.0.1:${port}/never`, get)).rejects.toThrow(/abort/i);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('checked lookup', () => {
  const resolve = (host: string, all: boolean, allowed: string[] = []) =>
    new Promise<unknown>((done, fail) => checkedLookup(allowed)(host, { all }, (err, address) => (err ? fail(err) : done(address))));

  it('refuses a name that resolves to a non-public address, whether one or all addresses are asked for', async () => {
    await expect(resolve('localhost', true)).rejects.toThrow(/non-public address/);
    await expect(resolve('localhost', false)).rejects.toThrow(/non-public address/);
  });

  it('answers an allow-listed name in the form asked for', async () => {
    await expect(resolve('localhost', false, ['localhost'])).resolves.toMatch(/^(127\.0\.0\.1|::1)$/);
    await expect(resolve('localhost', true, ['localhost'])).resolves.toContainEqual(expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) }));
  });
});
