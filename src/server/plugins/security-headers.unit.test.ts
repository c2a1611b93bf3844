import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { apiHeaderOptions, headersOf, registerSecurityHeaders } from './security-headers';

const options: HelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"], upgradeInsecureRequests: null } },
  strictTransportSecurity: false,
};

/** What helmet itself sets on a real response, the way @fastify/helmet ran it in each request. */
async function headersHelmetSets(opts: HelmetOptions): Promise<Record<string, unknown>> {
  const middleware = helmet(opts);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => middleware(req, res, () => res.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers = Object.fromEntries(res.headers);
    for (const name of ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']) delete headers[name];
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it('are exactly those helmet sets for the same options, worked out once', async () => {
    const once = Object.fromEntries(headersOf(options).map(([name, value]) => [name.toLowerCase(), value]));
    expect(once).toEqual(await headersHelmetSets(options));
    expect(once['content-security-policy']).toContain("script-src 'self'");
  });

  it('are on every answer, errors and unknown paths too, and a route may set its own', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { pages: options, api: apiHeaderOptions(false), isApi: (url) => url.startsWith('/api/') });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('broken');
    });
    app.get('/own', async (_request, reply) => reply.header('content-security-policy', "default-src 'none'").send('x'));
    const expected = await headersHelmetSets(options);
    for (const url of ['/ok', '/fails', '/nowhere']) {
      const res = await app.inject({ url });
      for (const [name, value] of Object.entries(expected)) expect([url, name, res.headers[name]]).toEqual([url, name, value]);
    }
    expect((await app.inject({ url: '/own' })).headers['content-security-policy']).toBe("default-src 'none'");
    await app.close();
  });

  it("give the API's answers the short set an API needs, and pages the whole set", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { pages: options, api: apiHeaderOptions(true), isApi: (url) => url.startsWith('/api/') });
    app.get('/api/things', async () => ({ ok: true }));
    app.get('/things', async () => 'page');
    const api = (await app.inject({ url: '/api/things?x=1' })).headers;
    expect(api).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    // What only a document uses is left off: each header is bytes in every hot read.
    for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection']) {
      expect([name, api[name]]).toEqual([name, undefined]);
    }
    for (const url of ['/things', '/api-lookalike']) {
      const page = (await app.inject({ url })).headers;
      expect([url, page['content-security-policy']]).toEqual([url, expect.stringContaining("script-src 'self'")]);
      expect([url, page['referrer-policy']]).toEqual([url, 'no-referrer']);
    }
    // An unknown API path answers with the API's set too.
    expect((await app.inject({ url: '/api/missing' })).headers['x-frame-options']).toBe('DENY');
    await app.close();
  });
});
