import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerFactory } from 'fastify';
import type { CachedResponse, Encoding, ReadCache } from '../lib/read-cache';
import { answerEncoding } from './answer-encoding';
import { SESSION_COOKIE } from './auth';
import { served } from './served-answers';

/** Addresses the replay knows at most; past that it forgets them all, and the full path teaches it again. */
const MAX_ADDRESSES = 4_000;

const sessionCookie = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);
/** Whether a request may be someone's (it carries a session) or asks for a 304: it goes the full way. */
const mustGoFullWay = (headers: IncomingHttpHeaders) =>
  headers['if-none-match'] !== undefined || (headers.cookie !== undefined && sessionCookie.test(headers.cookie));

const isEncoding = (value: unknown): value is Encoding => value === 'br' || value === 'gzip' || value === 'deflate';

/** Cached answers being sent the full way that their route allows to be replayed (sendCached). */
const offered = new WeakMap<FastifyRequest, CachedResponse>();

/** Lets the replay learn this cached answer as it goes out to this request, if the request qualifies. */
export function offerForReplay(request: FastifyRequest, response: CachedResponse) {
  offered.set(request, response);
}

export type CacheReplay = {
  /** The cache whose entries are replayed; until then nothing is. */
  attach(cache: ReadCache): void;
  /** From an onSend hook that runs after every other: learns what the full path is sending. */
  learn(request: FastifyRequest, reply: FastifyReply): void;
  /** Sends the learned answer to this raw request and says true; false when it must go the full way. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** From the moment the server closes: every request goes the full way, which answers 503 then. */
  stop(): void;
};

/**
 * Replayed answers (docs/decisions/caching.md). A cached answer to an anonymous GET goes out the
 * full way once (every hook, validation, the handler), and the headers it went out with are kept
 * beside it, for each encoding. The next anonymous GET of the same address gets the same bytes
 * with the same headers before Fastify sees the request (replayingServer below): a hot read then
 * costs a fraction of the CPU. Whatever could make the answer differ goes the full way: another
 * method, a session cookie, If-None-Match (the full path answers 304), an entry the cache no
 * longer holds (a write emptied it), an encoding not yet sent.
 */
export function createCacheReplay(): CacheReplay {
  let cache: ReadCache | undefined;
  let stopped = false;
  /** The address of each request the full path answered from the cache, and that answer's cache key. */
  const keys = new Map<string, string>();

  return {
    attach(readCache) {
      cache = readCache;
    },

    learn(request, reply) {
      const response = offered.get(request);
      if (!response || request.method !== 'GET' || reply.statusCode !== 200 || mustGoFullWay(request.headers)) return;
      // A cookie set for one visitor must never be handed to the next.
      if (reply.hasHeader('set-cookie')) return;
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

    answer(req, res) {
      const key = req.method === 'GET' && req.url !== undefined ? keys.get(req.url) : undefined;
      if (!key || !cache || stopped || mustGoFullWay(req.headers)) return false;
      const response = cache.peek(key);
      if (!response) return false;
      const encoding = answerEncoding(req.headers, response.bytes.length);
      const headers = response.sentHeaders.get(encoding ?? 'identity');
      if (!headers) return false;
      res.writeHead(200, headers);
      res.end(encoding ? response.encoded(encoding) : response.bytes);
      served(req.headers, response);
      return true;
    },

    stop() {
      stopped = true;
    },
  };
}

export type ReplayEvents = {
  /** Told of each replayed answer (the request log). */
  replayed?: (req: IncomingMessage, startedAt: number) => void;
  /** Told of a replay that threw. */
  failed?: (err: unknown, req: IncomingMessage) => void;
};

/**
 * Fastify's serverFactory: the HTTP/1 server Fastify would make itself, with its timeouts, whose
 * requests meet the replay first and reach Fastify only when it cannot answer them. A replay that
 * throws never takes the process down, as an exception in a request listener would: the request
 * goes the full way, or is dropped if its answer had already begun.
 */
export function replayingServer(replay: CacheReplay, events: ReplayEvents = {}): FastifyServerFactory {
  return (handler, options) => {
    const server = http.createServer(options.http ?? {}, (req, res) => {
      const startedAt = performance.now();
      let answered: boolean;
      try {
        answered = replay.answer(req, res);
      } catch (err) {
        events.failed?.(err, req);
        if (res.headersSent) return void res.destroy();
        return handler(req, res);
      }
      if (!answered) return handler(req, res);
      events.replayed?.(req, startedAt);
    });
    // What Fastify's own factory sets (fastify/lib/server.js), from the options it has completed.
    const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = options;
    if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
    if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
    if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
    if (typeof maxRequestsPerSocket === 'number' && maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
}
