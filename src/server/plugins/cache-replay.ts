import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CachedResponse, Encoding, ReadCache } from '../lib/read-cache';
import { answerEncoding } from './answer-encoding';
import { SESSION_COOKIE } from './auth';

/** Addresses the replay knows at most; past that it forgets them all, and the full path teaches it again. */
const MAX_ADDRESSES = 4_000;

const sessionCookie = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);
/** Whether a Cookie header carries a session: such a request may be someone's, and goes the full way. */
const carriesSession = (cookie: string | undefined) => cookie !== undefined && sessionCookie.test(cookie);

const isEncoding = (value: unknown): value is Encoding => value === 'br' || value === 'gzip' || value === 'deflate';

/** Cached answers being sent the full way that their route allows to be replayed (sendCached). */
const offered = new WeakMap<FastifyRequest, CachedResponse>();

/** Requests answered by a replay: the request log says so. */
const replayed = new WeakSet<FastifyRequest>();
export const wasReplayed = (request: FastifyRequest) => replayed.has(request);

/** Lets the replay learn this cached answer as it goes out to this request, if the request qualifies. */
export function offerForReplay(request: FastifyRequest, response: CachedResponse) {
  offered.set(request, response);
}

export type CacheReplay = {
  /** The cache whose entries are replayed; until then nothing is. */
  attach(cache: ReadCache): void;
  /** From an onSend hook that runs after every other: learns what the full path is sending. */
  learn(request: FastifyRequest, reply: FastifyReply): void;
};

/**
 * Replayed answers (docs/decisions/caching.md). A cached answer to an anonymous GET goes out the
 * full way once (every hook, validation, the handler), and the headers it went out with are kept
 * beside it, for each encoding. The next anonymous GET of the same address gets the same bytes
 * with the same headers from the first hook of all, which skips the rest: a hot read then costs
 * about half the CPU. Whatever could make the answer differ goes the full way: another method, a
 * session cookie, If-None-Match (the full path answers 304), an entry the cache no longer holds
 * (a write emptied it), an encoding not yet sent. Register before every other hook.
 */
export function registerCacheReplay(app: FastifyInstance): CacheReplay {
  let cache: ReadCache | undefined;
  /** The address of each request the full path answered from the cache, and that answer's cache key. */
  const keys = new Map<string, string>();

  // Not async: the hook every request passes must not cost a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const key = request.method === 'GET' ? keys.get(request.url) : undefined;
    if (!key || !cache || request.headers['if-none-match'] !== undefined || carriesSession(request.headers.cookie)) return done();
    const response = cache.peek(key);
    if (!response) return done();
    const encoding = answerEncoding(request, response.bytes.length);
    const headers = response.sentHeaders.get(encoding ?? 'identity');
    if (!headers) return done();
    // Fastify skips the remaining hooks and the handler; onResponse hooks (the request log) still run.
    replayed.add(request);
    reply.hijack();
    reply.raw.writeHead(200, headers);
    reply.raw.end(encoding ? response.encoded(encoding) : response.bytes);
  });

  return {
    attach(readCache) {
      cache = readCache;
    },

    learn(request, reply) {
      const response = offered.get(request);
      if (!response || request.method !== 'GET' || reply.statusCode !== 200) return;
      if (request.headers['if-none-match'] !== undefined || carriesSession(request.headers.cookie)) return;
      const encoding = reply.getHeader('content-encoding') ?? 'identity';
      if (encoding !== 'identity' && !isEncoding(encoding)) return;
      const headers: string[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        // Fastify sets the length later, from the payload: the same bytes the replay sends.
        if (value === undefined || name === 'content-length') continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
      }
      const body = encoding === 'identity' ? response.bytes : response.encoded(encoding);
      headers.push('content-length', String(body.length));
      response.sentHeaders.set(encoding, headers);
      if (keys.size >= MAX_ADDRESSES && !keys.has(request.url)) keys.clear();
      keys.set(request.url, response.key);
    },
  };
}
