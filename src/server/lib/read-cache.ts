import { createHash } from 'node:crypto';

/** What a cached read gives back: the serialised answer and its validator for browsers. */
export type CachedResponse = { body: string; status: number; etag: string };

export type ReadCacheOptions = {
  /** How long an entry may be served without any write having touched it (view counts, trending decay). */
  maxAgeMs: number;
  maxEntries: number;
  /** Bound on the bodies kept, in characters. */
  maxChars: number;
  now?: () => number;
};

type Entry = { response: CachedResponse; tags: readonly string[]; expires: number };

/**
 * An in-process cache of whole answers to hot public reads, each tagged with the tables it was
 * read from. `invalidate(table)` drops what a write to that table changed; least recently used
 * entries go first when it is full. Concurrent misses of one key share one database read, and a
 * read that started before an invalidation is answered but not kept (it may predate the write).
 */
export function createReadCache({ maxAgeMs, maxEntries, maxChars, now = Date.now }: ReadCacheOptions) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<CachedResponse>>();
  let chars = 0;
  let generation = 0;
  let enabled = true;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.response.body.length;
  };

  const store = (key: string, tags: readonly string[], response: CachedResponse) => {
    remove(key);
    if (response.body.length > maxChars) return;
    entries.set(key, { response, tags, expires: now() + maxAgeMs });
    chars += response.body.length;
    // A Map iterates in insertion order, and hits are re-inserted: the first key is the least recently used.
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && chars <= maxChars) break;
      remove(oldest);
    }
  };

  const forgetAll = () => {
    generation += 1;
    entries.clear();
    pending.clear();
    chars = 0;
  };

  return {
    /**
     * The cached answer for `key`, or `load`'s, kept until a write to one of `tags` (table names)
     * or maxAgeMs. `load` gives the body and its status (200 unless said), and `keep: false` for
     * a stand-in answer that must not outlive the failure it stands in for.
     */
    async get(key: string, tags: readonly string[], load: () => Promise<{ body: string; status?: number; keep?: boolean }>): Promise<CachedResponse> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.response;
      }
      const shared = pending.get(key);
      if (shared) return shared;

      const started = generation;
      let keep = true;
      const loading = load().then(({ body, status = 200, keep: keepIt = true }) => {
        keep = keepIt;
        return { body, status, etag: etagOf(body) };
      });
      if (!enabled) return loading;
      pending.set(key, loading);
      try {
        const response = await loading;
        if (keep && generation === started && enabled) store(key, tags, response);
        return response;
      } finally {
        if (pending.get(key) === loading) pending.delete(key);
      }
    },

    /** A write to `table` committed: forget every answer read from it. */
    invalidate(table: string) {
      generation += 1;
      pending.clear();
      for (const [key, entry] of entries) if (entry.tags.includes(table)) remove(key);
    },

    clear: forgetAll,

    /** Off while writes cannot be heard (the database connection that listens is down): every read loads. */
    setEnabled(on: boolean) {
      forgetAll();
      enabled = on;
    },

    stats: () => ({ entries: entries.size, chars, enabled }),
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/** A weak validator: compression may change the bytes, not the meaning. */
export const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether an If-None-Match header names this validator (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}
