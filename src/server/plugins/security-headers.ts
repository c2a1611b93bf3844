import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, as @fastify/helmet set them, but worked out once.
 * @fastify/helmet calls `helmet(options)` afresh in each request, parsing the whole
 * Content-Security-Policy again: at 100,000 listings that was about a tenth of the CPU a cached
 * read costs (docs/decisions/caching.md). With static options (no function directives, no
 * nonces) the headers never vary, so helmet runs once here against a recorder and each request
 * only copies the result, onto the raw response as helmet does (a route's own header, such as
 * the API reference page's CSP, still wins).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = headersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    done();
  });
}

/** The headers helmet sets for these options, in its order. */
export function headersOf(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value; the precomputed headers expect strings`);
      headers.push([name, value]);
    },
    removeHeader() {
      // X-Powered-By: Node never sets it, so there is nothing to remove on real answers.
    },
  } as unknown as ServerResponse;
  let finished = false;
  helmet(options)({} as never, recorder, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet's middleware is synchronous; if a version ever were not, fail at start-up, not quietly.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}
