import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { type CachedResponse, createReadCache, matchesEtag, type ReadCache } from '../lib/read-cache';

/** The channel the database triggers of migration 0007 announce written tables on. */
export const CACHE_CHANNEL = 'cache_invalidation';

/** Tables whose writes NOTIFY the cache (migration 0007); a cached read names those it reads. */
export const cacheTables = {
  listings: 'listings',
  categories: 'categories',
  users: 'users',
  reviews: 'reviews',
  favorites: 'favorites',
  seoTemplates: 'seo_templates',
  seoOverrides: 'seo_overrides',
} as const;
export type CacheTable = (typeof cacheTables)[keyof typeof cacheTables];
/** A rendered page may show anything public. */
export const allCacheTables: readonly CacheTable[] = Object.values(cacheTables);

export type ReadCacheSettings = { maxAgeMs: number; maxEntries: number; maxChars: number };
export const defaultReadCacheSettings: ReadCacheSettings = { maxAgeMs: 30_000, maxEntries: 2_000, maxChars: 32 * 1024 * 1024 };

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
  app.addHook('onSend', async (request, _reply, payload) => {
    if (WRITE_METHODS.has(request.method)) await subscription.sync();
    return payload;
  });
  app.addHook('onClose', async () => subscription.close());
  return cache;
}

/**
 * Answers with a cached response: an ETag, and `no-cache` so browsers ask again each time and
 * get a 304 while nothing changed. Signed-in visitors get the same public answer.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse, contentType: string) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (cached.status === 200 && matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.status(304).send();
  return reply.status(cached.status).header('content-type', contentType).send(cached.body);
}

/** A JSON read through the cache: `load` runs on a miss, its result serialised once. */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  tables: readonly CacheTable[],
  load: () => Promise<unknown>,
) {
  const cached = await cache.get(key, tables, async () => ({ body: JSON.stringify(await load()) }));
  return sendCached(request, reply, cached, 'application/json; charset=utf-8');
}
