import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { type CachedResponse, createReadCache, type Encoding, matchesEtag, type ReadCache } from '../lib/read-cache';

/** The channel the database triggers of migration 0007 announce written tables on. */
export const CACHE_CHANNEL = 'cache_invalidation';

/** Tables whose writes NOTIFY the cache (migration 0007); a cached read names those it reads. */
export const cacheTables = {
  listings: 'listings',
  categories: 'categories',
  users: 'users',
  reviews: 'reviews',
  favorites: 'favorites',
  trendingScores: 'trending_scores',
  seoTemplates: 'seo_templates',
  seoOverrides: 'seo_overrides',
} as const;
export type CacheTable = (typeof cacheTables)[keyof typeof cacheTables];
/** A rendered page may show anything public. */
export const allCacheTables: readonly CacheTable[] = Object.values(cacheTables);

export type ReadCacheSettings = { maxAgeMs: number; maxEntries: number; maxBytes: number };
export const defaultReadCacheSettings: ReadCacheSettings = { maxAgeMs: 30_000, maxEntries: 2_000, maxBytes: 32 * 1024 * 1024 };

/** Answers smaller than this go out uncompressed, cached or not (app.ts gives @fastify/compress the same). */
export const COMPRESS_THRESHOLD = 1024;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one read cache of this server (docs/decisions/caching.md). Database triggers announce every
 * committed write to a cached table, to every server on the database; this server's own write
 * requests wait, before answering, until their announcements have arrived, so their author's
 * next read already misses. While the announcements cannot be heard, nothing is cached.
 */
export async function registerReadCache(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'listen'>,
  settings: ReadCacheSettings = defaultReadCacheSettings,
): Promise<ReadCache> {
  const cache = createReadCache(settings);
  cache.setEnabled(false);
  const subscription = await database.listen(CACHE_CHANNEL, {
    onMessage: (table) => cache.invalidate(table),
    onListeningChange: (listening) => {
      if (!listening) app.log.warn('Lost the database connection that hears writes: the read cache is off until it is back');
      cache.setEnabled(listening);
    },
  });
  // Not async: a read must not pay for a promise in every request to learn it is not a write.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!WRITE_METHODS.has(request.method)) return done(null, payload);
    subscription.sync().then(() => done(null, payload), done);
  });
  app.addHook('onClose', async () => subscription.close());
  return cache;
}

/** Browsers send a handful of distinct Accept-Encoding values: each is worked out once. */
const negotiatedEncodings = new Map<string, string>();
const encodingNegotiator = new Negotiator<Encoding | 'identity'>({
  // @fastify/compress's order on Node 20, so a cached answer is encoded as an uncached one would be.
  supportedValues: ['br', 'gzip', 'deflate', 'identity'],
  cache: {
    get: (key) => negotiatedEncodings.get(key),
    has: (key) => negotiatedEncodings.has(key),
    set(key, value) {
      if (negotiatedEncodings.size >= 500) negotiatedEncodings.clear();
      negotiatedEncodings.set(key, value);
      return this;
    },
  },
});

/** The encoding @fastify/compress would choose for this request; undefined for none. */
function encodingOf(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header || request.headers['x-no-compression'] !== undefined) return undefined;
  // As @fastify/compress: "*" (no preference) and x-gzip mean gzip.
  const encoding = encodingNegotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
  return encoding === null || encoding === 'identity' ? undefined : encoding;
}

/**
 * Answers with a cached response: an ETag, and `no-cache` so browsers ask again each time and
 * get a 304 while nothing changed. Signed-in visitors get the same public answer. A body worth
 * compressing goes out in the encoding the browser accepts, compressed once per cached answer
 * rather than in every request, with `Vary: Accept-Encoding` on every variant.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse, contentType: string) {
  reply.headers(cached.headers).header('etag', cached.etag).header('cache-control', 'no-cache');
  if (cached.status === 200 && matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.status(304).send();
  reply.status(cached.status).header('content-type', contentType);
  if (cached.bytes.length < COMPRESS_THRESHOLD) return reply.send(cached.bytes);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = encodingOf(request);
  // With Content-Encoding set, @fastify/compress leaves the body alone.
  if (encoding) return reply.header('content-encoding', encoding).send(cached.encoded(encoding));
  return reply.send(cached.bytes);
}

/**
 * A JSON read through the cache: `load` runs on a miss, its result serialised once by the route's
 * own serializer (so in tests a cached answer is checked against the route's response schema like
 * any other).
 */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  tables: readonly CacheTable[],
  load: () => Promise<unknown>,
) {
  return sendCachedJsonWithHeaders(request, reply, cache, key, tables, async () => ({ answer: await load() }));
}

/** The same for an answer that carries headers besides its body (a list page's X-Total-Count), sent with every hit. */
export async function sendCachedJsonWithHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  tables: readonly CacheTable[],
  load: () => Promise<{ answer: unknown; headers?: Record<string, string> }>,
) {
  const cached =
    cache.peek(key) ??
    (await cache.get(key, tables, async () => {
      const { answer, headers } = await load();
      // Our serializer (plugins/response-serializer.ts) always makes a string.
      return { body: reply.serialize(answer) as string, headers };
    }));
  return sendCached(request, reply, cached, 'application/json; charset=utf-8');
}
