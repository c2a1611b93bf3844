import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { headersOf, registerSecurityHeaders } from './security-headers';

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
    registerSecurityHeaders(app, options);
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
});
