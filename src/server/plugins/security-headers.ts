import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaderOptions = {
  /** Helmet's options for pages: HTML documents, their assets and anything not under the API. */
  pages: HelmetOptions;
  /** Helmet's options for the API's answers (JSON, images): see apiHeaderOptions. */
  api: HelmetOptions;
  /** Whether a request's URL is the API's. */
  isApi: (url: string) => boolean;
};

/**
 * Helmet's security headers on every answer, as @fastify/helmet set them, but worked out once.
 * @fastify/helmet calls `helmet(options)` afresh in each request, parsing the whole
 * Content-Security-Policy again: at 100,000 listings that was about a tenth of the CPU a cached
 * read costs (docs/decisions/caching.md). With static options (no function directives, no
 * nonces) the headers never vary, so helmet runs once here against a recorder and each request
 * only copies the result, onto the raw response as helmet does (a route's own header, such as
 * the API reference page's CSP, still wins).
 *
 * Pages and the API get different sets: most of helmet's headers only mean something to a
 * document, and the API's answers are the hot reads, where every header is bytes the server
 * writes and the client parses in each request (docs/decisions/security-headers.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, { pages, api, isApi }: SecurityHeaderOptions) {
  const pageHeaders = headersOf(pages);
  const apiHeaders = headersOf(api);
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of isApi(request.url) ? apiHeaders : pageHeaders) res.setHeader(name, value);
    done();
  });
}

/**
 * What an API answer needs, after OWASP's REST Security Cheat Sheet: opened as a page it may
 * load nothing and be framed by no one; browsers must not sniff it into something else, nor
 * hand it to another origin's page; and HTTPS is kept when the site runs on it. The rest of
 * helmet's set (referrer, opener and DNS prefetch policies, download and cross-domain options)
 * governs what a document does, and an API answer is not one.
 */
export function apiHeaderOptions(strictTransportSecurity: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
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
