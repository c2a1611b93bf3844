import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlib, deflateSync, gzipSync } from 'node:zlib';

/** The encodings a cached answer may be sent in besides identity (those app.ts lets @fastify/compress offer). */
export type Encoding = 'br' | 'gzip' | 'deflate';

/** How each encoding is made: brotli at a quality near its best size for a fraction of 11's time. */
const encoders: Record<Encoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes) => gzipSync(bytes),
  deflate: (bytes) => deflateSync(bytes),
};

/** Told of each request an answer is sent to, by the full path or by a replay (the request's headers). */
export type ServedListener = (headers: IncomingHttpHeaders) => void;

/**
 * What a cached read gives back: the answer as bytes (encoded once, not in every request), its
 * status and its validator for browsers, and its compressed variants, each made on first use and
 * kept with the answer, so a hot read is never compressed twice.
 */
export class CachedResponse {
  readonly bytes: Buffer;
  readonly etag: string;
  private readonly variants = new Map<Encoding, Buffer>();
  /** Told the size of each variant made; the cache counts it against its bound. */
  onGrow?: (bytes: number) => void;
  /**
   * The headers this answer went out with, Content-Length included, for each encoding ('identity' for none), as flat
   * name-value lists: what plugins/cache-replay.ts sends again with the same bytes.
   */
  readonly sentHeaders = new Map<string, string[]>();
  /** Told of each request this answer goes to, hits and replays included: the listings a results page shows count as seen. */
  onServe?: ServedListener;

  /** `key`: the cache's key for it. `headers`: what the answer says besides its body (a list's X-Total-Count), sent with every hit. */
  constructor(
    readonly key: string,
    body: string,
    readonly status: number,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    this.bytes = Buffer.from(body);
    this.etag = etagOf(body);
  }

  /** The text of the answer (kept as bytes only: one copy in memory). */
  get body(): string {
    return this.bytes.toString();
  }

  encoded(encoding: Encoding): Buffer {
    let variant = this.variants.get(encoding);
    if (!variant) {
      variant = encoders[encoding](this.bytes);
      this.variants.set(encoding, variant);
      this.onGrow?.(variant.length);
    }
    return variant;
  }
}

export type ReadCacheOptions = {
  /** How long an entry may be served without any write having touched it (view counts, trending decay). */
  maxAgeMs: number;
  maxEntries: number;
  /** Bound on the answers kept, in bytes, compressed variants included. */
  maxBytes: number;
  now?: () => number;
};

/** What a miss loads: the body, its status (200 unless said), headers to send with it, `keep: false` for a stand-in, and who to tell of each request it is sent to. */
export type LoadedAnswer = { body: string; status?: number; keep?: boolean; headers?: Record<string, string>; onServe?: ServedListener };

/** A write to `table` committed, or, undefined, anything may have changed (the writes could not be heard). */
export type WriteListener = (table: string | undefined) => void;

type Entry = { response: CachedResponse; tags: readonly string[]; expires: number; size: number };

/**
 * An in-process cache of whole answers to hot public reads, each tagged with the tables it was
 * read from. `invalidate(table)` drops what a write to that table changed; least recently used
 * entries go first when it is full. Concurrent misses of one key share one database read, and a
 * read that started before an invalidation is answered but not kept (it may predate the write).
 */
export function createReadCache({ maxAgeMs, maxEntries, maxBytes, now = Date.now }: ReadCacheOptions) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<CachedResponse>>();
  let bytes = 0;
  let generation = 0;
  let enabled = true;
  const writeListeners: WriteListener[] = [];

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };

  // A Map iterates in insertion order, and hits are re-inserted: the first key is the least recently used.
  const evict = () => {
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  };

  const store = (key: string, tags: readonly string[], response: CachedResponse) => {
    remove(key);
    // maxAgeMs 0 is the cache turned off (READ_CACHE_SECONDS=0): nothing kept, misses still shared.
    if (maxAgeMs <= 0 || response.bytes.length > maxBytes) return;
    const entry: Entry = { response, tags, expires: now() + maxAgeMs, size: response.bytes.length };
    entries.set(key, entry);
    bytes += entry.size;
    evict();
    // Compressed variants are made later, on first use; they count against the bound as they appear.
    response.onGrow = (added) => {
      if (entries.get(key) !== entry) return;
      entry.size += added;
      bytes += added;
      evict();
    };
  };

  const forgetAll = () => {
    generation += 1;
    entries.clear();
    pending.clear();
    bytes = 0;
    for (const listener of writeListeners) listener(undefined);
  };

  /** The fresh cached answer for `key`, if any, without waiting: the hot path of a hit. */
  const peek = (key: string): CachedResponse | undefined => {
    const hit = entries.get(key);
    if (!hit || hit.expires <= now()) return undefined;
    entries.delete(key);
    entries.set(key, hit);
    return hit.response;
  };

  return {
    peek,

    /**
     * The cached answer for `key`, or `load`'s, kept until a write to one of `tags` (table names)
     * or maxAgeMs. `load` gives the body and its status (200 unless said), and `keep: false` for
     * a stand-in answer that must not outlive the failure it stands in for.
     */
    async get(key: string, tags: readonly string[], load: () => Promise<LoadedAnswer>): Promise<CachedResponse> {
      const hit = peek(key);
      if (hit) return hit;
      const shared = pending.get(key);
      if (shared) return shared;

      const started = generation;
      let keep = true;
      const loading = load().then(({ body, status = 200, keep: keepIt = true, headers, onServe }) => {
        keep = keepIt;
        const response = new CachedResponse(key, body, status, headers);
        response.onServe = onServe;
        return response;
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
      for (const listener of writeListeners) listener(table);
    },

    /** Tells `listener` of every write this cache hears of, as for its own answers: what else a server keeps follows the same writes. */
    onWrite(listener: WriteListener) {
      writeListeners.push(listener);
    },

    clear: forgetAll,

    /** Off while writes cannot be heard (the database connection that listens is down): every read loads. */
    setEnabled(on: boolean) {
      forgetAll();
      enabled = on;
    },

    stats: () => ({ entries: entries.size, bytes, enabled }),
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
