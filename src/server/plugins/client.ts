import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute } from '../../shared/routes';
import { countsViews } from '../lib/counts-views';
import type { ReadCache } from '../lib/read-cache';
import { SESSION_COOKIE } from './auth';
import type { PublicReadLimit } from './public-read-limit';
import { tooManyRequestsMessage } from './rate-limit';
import { markViewCounted } from './counted-views';
import { allCacheTables, sendCached } from './read-cache';
import { collectServed } from './served-answers';

const pathnameOf = (request: FastifyRequest) => request.url.split('?')[0]!;
/** A listing's page: its type and its id or slug. */
const LISTING_PAGE = /^\/(service|tool)\/([^/]+)\/?$/;

/** One request's page: the HTML, and whether the thing its address names exists (false: a 404). */
export type RenderedPage = { html: string; found: boolean };

export type ClientOptions = {
  /** The built client (dist/web). */
  root: string;
  /** Turns the built index.html into the page for one request (titles, meta tags). */
  renderPage?: (html: string, request: FastifyRequest) => Promise<RenderedPage>;
  /** Keeps the pages anonymous visitors get (plugins/read-cache.ts). */
  cache?: ReadCache;
  /** Limits searched and filtered list pages no cache answered, per address (plugins/public-read-limit.ts). */
  publicReads?: PublicReadLimit;
};

/** A list page with parameters (a search, filters, a page number): what a crawler or a script can vary without end. */
const LIMITED_PAGE = /^\/(tools|services|category\/[^/?]+)\/?\?./;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The 429 a person reads: plain HTML, no script needed, not for indexing. */
function tooManyRequestsPage(reply: FastifyReply, seconds: number) {
  const message = escapeHtml(tooManyRequestsMessage(seconds));
  const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" /><title>Too many requests</title></head>
  <body>
    <h1>Too many requests</h1>
    <p>${message}</p>
    <p><a href="/">Back to the home page</a></p>
  </body>
</html>
`;
  return reply.status(429).header('retry-after', String(seconds)).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * Serves the built single-page client: hashed assets cached for good, every other page path
 * answered with index.html (404 status for paths no screen handles, and for a listing, category
 * or provider nobody can see, so crawlers see the truth).
 */
export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Registers the static files and answers the handler for page paths (undefined when nothing is built). */
export async function registerClient(app: FastifyInstance, options: ClientOptions): Promise<PageHandler | undefined> {
  const indexFile = path.join(options.root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built client at ${options.root}: run "npm run build". Only the API is served.`);
    return undefined;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: options.root,
    index: false,
    wildcard: false,
    // The build writes .br and .gz copies of the larger scripts and styles (vite.config.ts).
    preCompressed: true,
    // Our own headers below: hashed assets forever, other files for an hour.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      // The same address may be answered br, gzip or plain: shared caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });

  // Files at the top of dist/web (favicon, robots.txt ...) and everything under /assets.
  app.get('/assets/*', (request, reply) => reply.sendFile(request.url.slice(1).split('?')[0]!));

  /**
   * The server render is a bonus for crawlers and first paint: when it fails (a database outage, an
   * address nothing expected), the visitor still gets the plain client, never a JSON error body.
   */
  const render = async (request: FastifyRequest): Promise<RenderedPage & { fallback?: true }> => {
    if (!options.renderPage) return { html: indexHtml, found: true };
    try {
      return await options.renderPage(indexHtml, request);
    } catch (error) {
      request.log.error({ err: error }, 'Rendering the page failed; serving the plain client');
      return { html: indexHtml, found: true, fallback: true };
    }
  };

  const load = async (request: FastifyRequest) => {
    const pathname = pathnameOf(request);
    // The listings a results page shows count as seen each time the page is sent (served-answers.ts).
    const collection = collectServed(request);
    try {
      const { html, found, fallback } = await render(request);
      return { body: html, status: isClientRoute(pathname) && found ? 200 : 404, keep: !fallback, onServe: collection.end() };
    } finally {
      collection.end();
    }
  };

  /**
   * A listing's page stands for a view of it. Rendering it reads the listing through the API as
   * the visitor, which counts the view; a page from the cache counts it here instead, through the
   * same API read (its rules: once per visitor a day, live listings, never the owner), and only
   * for a client that can count one at all. Rendering it afresh for every visitor cost 11 ms of
   * CPU a request (36 pages a second) at 100,000 listings. The page's view count is then up to
   * the cache's maximum age old, as on cached cards.
   */
  const countView = async (request: FastifyRequest) => {
    const listing = LISTING_PAGE.exec(pathnameOf(request));
    if (!listing || !countsViews(request.headers['user-agent'])) return;
    const headers: Record<string, string> = { 'user-agent': request.headers['user-agent']! };
    try {
      await request.server.inject({ method: 'GET', url: `/api/${listing[1]}s/${listing[2]}`, headers, remoteAddress: request.ip });
      markViewCounted(request);
    } catch (error) {
      request.log.warn({ err: error }, 'could not count the view of a cached listing page');
    }
  };

  /** Seconds to wait when this render is one searched or filtered page too many for its visitor. */
  const overLimit = async (request: FastifyRequest) =>
    options.publicReads && LIMITED_PAGE.test(request.url) ? options.publicReads.over(request) : undefined;

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // Anonymous visitors all get the same page for an address; a signed-in one's is rendered afresh.
    if (options.cache && request.method === 'GET' && !request.cookies[SESSION_COOKIE]) {
      await countView(request);
      const key = `page:${request.url}`;
      let page = options.cache.peek(key);
      if (!page) {
        const wait = await overLimit(request);
        if (wait !== undefined) return tooManyRequestsPage(reply, wait);
        page = await options.cache.get(key, allCacheTables, () => load(request));
      }
      // A listing's page is never replayed: each request for it may count a view.
      return sendCached(request, reply, page, 'text/html; charset=utf-8', { replayable: !LISTING_PAGE.test(pathnameOf(request)) });
    }
    // A cookie that names no session must not dodge the limit by skipping the cache.
    const wait = await overLimit(request);
    if (wait !== undefined) return tooManyRequestsPage(reply, wait);
    const { body, status, onServe } = await load(request);
    onServe?.(request.headers);
    return reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);
  };

  // The files at the top of the build (favicon, robots.txt ...), read once: the build does not
  // change under a running server, and a page request then costs no file-system call.
  const topLevelFiles = new Set(
    readdirSync(options.root, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== 'index.html')
      .map((entry) => `/${entry.name}`),
  );

  return async (request, reply) => {
    const pathname = pathnameOf(request);
    if (topLevelFiles.has(pathname)) return reply.sendFile(pathname.slice(1));
    return sendPage(request, reply);
  };
}
