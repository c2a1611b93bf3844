import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { type CachedResponse, createReadCache, matchesEtag, type ReadCache, type ServedListener } from '../lib/read-cache';
import { answerEncoding, COMPRESS_THRESHOLD } from './answer-encoding';
import { type CacheReplay, offerForReplay } from './cache-replay';
import { served } from './served-answers';

/** The channel the database triggers of migration 0007 announce written tables on. */
export const CACHE_CHANNEL = 'cache_invalidation';

/** Tables whose writes NOTIFY the cache (migration 0007); a cached read names those it reads. */
export const cacheTables = {
  listings: 'listings',
  categories: 'categories',
  users: 'users',
  reviews: 'reviews',
  reviewReplies: 'review_replies',
  favorites: 'favorites',
  trendingScores: 'trending_scores',
  seoTemplates: 'seo_templates',
  seoOverrides: 'seo_overrides',
  partnerProgrammes: 'partner_programmes',
  siteSettings: 'site_settings',
  searchSynonyms: 'search_synonyms',
  plans: 'plans',
  providerPlans: 'provider_plans',
  featuredSlots: 'featured_slots',
} as const;
export type CacheTable = (typeof cacheTables)[keyof typeof cacheTables];
/** A rendered page may show anything public. */
export const allCacheTables: readonly CacheTable[] = Object.values(cacheTables);

export type ReadCacheSettings = { maxAgeMs: number; maxEntries: number; maxBytes: number };
export const defaultReadCacheSettings: ReadCacheSettings = { maxAgeMs: 30_000, maxEntries: 2_000, maxBytes: 32 * 1024 * 1024 };

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
  replay?: CacheReplay,
): Promise<ReadCache> {
  const cache = createReadCache(settings);
  cache.setEnabled(false);
  replay?.attach(cache);
  const subscription = await database.listen(CACHE_CHANNEL, {
    onMessage: (table) => cache.invalidate(table),
    onListeningChange: (listening) => {
      if (!listening) app.log.warn('Lost the database connection that hears writes: the read cache is off until it is back');
      cache.setEnabled(listening);
    },
  });
  // Not async: a read must not pay for a promise in every request to learn it is not a write.
  // The last onSend hook of all (app.ts registers this after the others): the replay learns the
  // headers every other hook has set.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!WRITE_METHODS.has(request.method)) {
      replay?.learn(request, reply);
      return done(null, payload);
    }
    subscription.sync().then(() => done(null, payload), done);
  });
  app.addHook('onClose', async () => subscription.close());
  return cache;
}

/**
 * Answers with a cached response: an ETag, and `no-cache` so browsers ask again each time and
 * get a 304 while nothing changed. Signed-in visitors get the same public answer. A body worth
 * compressing goes out in the encoding the browser accepts, compressed once per cached answer
 * rather than in every request, with `Vary: Accept-Encoding` on every variant. The next anonymous
 * request for the same address may be answered by a replay of this one (plugins/cache-replay.ts),
 * unless `replayable` is false: for an answer whose request does more than read (a listing page
 * counts a view).
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse,
  contentType: string,
  { replayable = true }: { replayable?: boolean } = {},
) {
  reply.headers(cached.headers).header('etag', cached.etag).header('cache-control', 'no-cache');
  // A 304 shows the same answer again: it counts as served too.
  served(request.headers, cached);
  if (cached.status === 200 && matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.status(304).send();
  if (replayable) offerForReplay(request, cached);
  reply.status(cached.status).header('content-type', contentType);
  if (cached.bytes.length < COMPRESS_THRESHOLD) return reply.send(cached.bytes);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = answerEncoding(request.headers, cached.bytes.length);
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
  load: () => Promise<{ answer: unknown; headers?: Record<string, string>; onServe?: ServedListener }>,
) {
  const cached =
    cache.peek(key) ??
    (await cache.get(key, tables, async () => {
      const { answer, headers, onServe } = await load();
      // Our serializer (plugins/response-serializer.ts) always makes a string.
      return { body: reply.serialize(answer) as string, headers, onServe };
    }));
  return sendCached(request, reply, cached, 'application/json; charset=utf-8');
}
