import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createCategory, createListing, createUser } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { CachedResponse, type ReadCache } from '../lib/read-cache';
import { buildApp } from '../app';
import { type CacheReplay, createCacheReplay, offerForReplay, replayingServer } from './cache-replay';

// A server that serves pages too, whose request log (at info) says which answers were replayed.
const { app: writer, db, database, config } = await createTestApp();
const logged: { url: string; status: number; replayed?: true }[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      const entry = JSON.parse(line) as { msg: string; url: string; status: number; replayed?: true };
      if (entry.msg === 'request') logged.push(entry);
    }
    callback();
  },
});
const root = mkdtempSync(path.join(os.tmpdir(), 'cache-replay-test-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Directory</title><div id="root"></div>');
const serverDatabase = await database.openAnother();
const server = await buildApp({
  config,
  database: serverDatabase,
  logger: { level: 'info', stream },
  client: { root, renderPage: async (html, request) => ({ html: html.replace('Directory', `Page of ${request.url} — é`), found: true }) },
});
// Replays happen in the server's HTTP layer, which app.inject() passes by: this one listens.
await server.listen({ port: 0, host: '127.0.0.1' });
const { port } = server.server.address() as { port: number };
afterAll(async () => {
  await server.close();
  await serverDatabase.close();
});

const admin = await createUser(writer, db, { isAdmin: true });
const provider = await createUser(writer, db, { isProvider: true });
const category = await createCategory(db, { type: 'tools' });
for (let i = 0; i < 12; i += 1) {
  // Long enough descriptions that lists pass the compression threshold.
  await createListing(db, { type: 'tools', categoryId: category.id, providerId: provider.id, status: 'approved', isFeatured: true, description: 'A tool for agencies. '.repeat(40) });
}

type Answer = { statusCode: number; headers: http.IncomingHttpHeaders; rawPayload: Buffer; body: string };

/** What `server` answers over HTTP, as the bytes that arrived: nothing decoded. */
function fetchRaw(url: string, headers: Record<string, string>, method: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const rawPayload = Buffer.concat(chunks);
        resolve({ statusCode: res.statusCode!, headers: res.headers, rawPayload, body: rawPayload.toString() });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Asks `server` for `url` and says whether the answer was a replay, from the request log. */
async function read(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  const res = await fetchRaw(url, headers, method);
  await new Promise((resolve) => setImmediate(resolve)); // the log line is written as the answer ends
  const entry = logged.findLast((line) => line.url === url);
  return { res, replayed: entry?.replayed === true };
}

/** The administrator renames the tools' category through `through`. */
async function renameCategory(through: FastifyInstance, name: string) {
  const res = await through.inject({ method: 'PUT', url: `/api/categories/${category.id}`, headers: { cookie: admin.cookie }, payload: { name, slug: category.slug, type: 'tools' } });
  expect(res.statusCode, res.body).toBe(200);
}

/** What a client sees of an answer, but the Date header, which only says when. */
const seen = (res: Answer) => {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.rawPayload.toString('base64') };
};

const hotReads = ['/api/categories?type=tools', '/api/tools/featured', '/api/services/trending', '/api/tools?search=tool&limit=10', '/', '/categories'];
const encodings: Record<string, string>[] = [{}, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip, deflate, br' }, { 'accept-encoding': 'gzip' }];

describe('replayed answers', () => {
  it('answer a repeat of an anonymous read with the very status, headers and bytes of the full answer, in each encoding', async () => {
    for (const url of hotReads) {
      for (const headers of encodings) {
        const full = await read(url, headers);
        expect(full.res.statusCode, `${url} ${full.res.body}`).toBe(200);
        const repeat = await read(url, headers);
        expect(repeat.replayed, `${url} ${JSON.stringify(headers)}`).toBe(true);
        expect(seen(repeat.res)).toEqual(seen(full.res));
      }
    }
    // The replay keeps the security headers every answer carries.
    const { res } = await read('/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the timeouts Fastify gives its own HTTP server', () => {
    expect(server.server.keepAliveTimeout).toBe(72_000);
    expect(server.server.requestTimeout).toBe(0);
  });

  it('leaves app.inject() the full way, so in-process tests see every hook', async () => {
    for (let i = 0; i < 2; i += 1) await read('/api/tools/featured');
    await server.inject({ url: '/api/tools/featured' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged.findLast((line) => line.url === '/api/tools/featured')?.replayed).toBeUndefined();
  });

  it('goes the full way for a session, a validator, another method or a junk variant of the address', async () => {
    await read('/api/tools/featured');
    const member = await read('/api/tools/featured', { cookie: admin.cookie });
    expect(member.replayed).toBe(false);
    expect(member.res.headers['cache-control']).toBe('private, no-store');

    const { res } = await read('/api/tools/featured');
    const conditional = await read('/api/tools/featured', { 'if-none-match': String(res.headers.etag) });
    expect(conditional.replayed).toBe(false);
    expect(conditional.res.statusCode).toBe(304);

    expect((await read('/api/tools/featured', {}, 'HEAD')).replayed).toBe(false);
    // Another spelling of the same query is another address: answered from the cache the full way, then replayed too.
    expect((await read('/api/tools/featured?limit=6')).replayed).toBe(false);
    expect((await read('/api/tools/featured?limit=6')).replayed).toBe(true);
  });

  it('never answers a write with the answer from before it, on the server that wrote or another', async () => {
    for (let i = 0; i < 2; i += 1) await read('/api/categories?type=tools');
    await renameCategory(server, 'Renamed for the replay');
    const next = await read('/api/categories?type=tools');
    expect(next.replayed).toBe(false);
    expect(next.res.body).toContain('Renamed for the replay');
    expect((await read('/api/categories?type=tools')).replayed).toBe(true);

    // A write through the other server reaches this one's cache, and so its replays.
    await renameCategory(writer, 'Renamed elsewhere');
    await expect.poll(async () => (await read('/api/categories?type=tools')).res.body).toContain('Renamed elsewhere');
  });

  it("never replays a listing's page, whose every visit may count a view", async () => {
    const [listing] = (await (await server.inject({ url: '/api/tools?limit=1' })).json()) as { slug: string }[];
    for (let i = 0; i < 3; i += 1) expect((await read(`/tool/${listing!.slug}`)).replayed).toBe(false);
  });
});

describe('what the replay learns', () => {
  /** A raw request and response pair, and what the response was sent. */
  function rawExchange(url: string) {
    const sent: { status?: number; headers?: unknown; body?: Buffer } = {};
    const req = { method: 'GET', url, headers: {} } as http.IncomingMessage;
    const res = {
      writeHead: (status: number, headers: unknown) => Object.assign(sent, { status, headers }),
      end: (body: Buffer) => Object.assign(sent, { body }),
    } as unknown as http.ServerResponse;
    return { req, res, sent };
  }

  it('never learns an answer that sets a cookie, which was meant for one visitor only', () => {
    const replay = createCacheReplay();
    const response = new CachedResponse('key', '{"ok":true}', 200);
    replay.attach({ peek: () => response } as unknown as ReadCache);
    const learnFrom = (url: string, headers: Record<string, string>) => {
      const request = { method: 'GET', url, headers: {} } as FastifyRequest;
      const reply = { statusCode: 200, getHeader: (name: string) => headers[name], getHeaders: () => headers, hasHeader: (name: string) => name in headers } as unknown as FastifyReply;
      offerForReplay(request, response);
      replay.learn(request, reply);
    };

    learnFrom('/plain', { 'content-type': 'application/json' });
    const plain = rawExchange('/plain');
    expect(replay.answer(plain.req, plain.res)).toBe(true);
    expect(plain.sent.body?.toString()).toBe('{"ok":true}');

    learnFrom('/with-cookie', { 'content-type': 'application/json', 'set-cookie': 'visitor=1' });
    const withCookie = rawExchange('/with-cookie');
    expect(replay.answer(withCookie.req, withCookie.res)).toBe(false);
    expect(withCookie.sent).toEqual({});
  });

  it('tells a replayed answer’s listener of each request it is sent to (the listings a results page shows)', () => {
    const replay = createCacheReplay();
    const response = new CachedResponse('key', '{"ok":true}', 200);
    const told: unknown[] = [];
    response.onServe = (headers) => told.push(headers);
    replay.attach({ peek: () => response } as unknown as ReadCache);
    const request = { method: 'GET', url: '/results', headers: {} } as FastifyRequest;
    const reply = { statusCode: 200, getHeader: () => undefined, getHeaders: () => ({ 'content-type': 'application/json' }), hasHeader: () => false } as unknown as FastifyReply;
    offerForReplay(request, response);
    replay.learn(request, reply);
    for (let n = 0; n < 2; n++) {
      const exchange = rawExchange('/results');
      expect(replay.answer(exchange.req, exchange.res)).toBe(true);
    }
    expect(told).toHaveLength(2);
  });
});

describe('the replaying server', () => {
  /** A server of replayingServer around `replay`, whose full way answers "full"; what it answered `path`. */
  async function ask(replay: CacheReplay, path: string) {
    const failures: unknown[] = [];
    const factory = replayingServer(replay, { failed: (err) => failures.push(err) });
    const server = factory((_req, res) => res.end('full'), {}) as http.Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port: serverPort } = server.address() as { port: number };
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port: serverPort, path, agent: false }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve(body));
          res.on('error', reject);
        }).on('error', reject);
      });
      return { answer, failures };
    } finally {
      server.close();
    }
  }
  const replayThatThrows = (): CacheReplay => ({
    ...createCacheReplay(),
    answer: () => {
      throw new Error('a broken cached answer');
    },
  });

  it('sends a request the full way when the replay throws, and says so, instead of taking the process down', async () => {
    const { answer, failures } = await ask(replayThatThrows(), '/api/categories');
    expect(answer).toBe('full');
    expect(failures).toHaveLength(1);
  });
});
