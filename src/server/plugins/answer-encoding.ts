import { Negotiator } from '@fastify/accept-negotiator';
import type { IncomingHttpHeaders } from 'node:http';
import type { Encoding } from '../lib/read-cache';

/** Answers smaller than this go out uncompressed, cached or not (app.ts gives @fastify/compress the same). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The encodings of every compressed answer, best first, cached or not: app.ts gives @fastify/compress
 * the same list, which it would otherwise lead with zstd wherever Node can make it (22.15 and later),
 * so a browser that accepts zstd would get it fresh and brotli from the cache.
 */
export const COMPRESSED_ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'deflate'];

/** Browsers send a handful of distinct Accept-Encoding values: each is worked out once. */
const negotiatedEncodings = new Map<string, string>();
const encodingNegotiator = new Negotiator<Encoding | 'identity'>({
  // The order app.ts gives @fastify/compress, so a cached answer is encoded as an uncached one would be.
  supportedValues: [...COMPRESSED_ENCODINGS, 'identity'],
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

/** The encoding @fastify/compress would choose for an answer of `size` bytes to a request with these headers; undefined for none. */
export function answerEncoding(headers: IncomingHttpHeaders, size: number): Encoding | undefined {
  if (size < COMPRESS_THRESHOLD) return undefined;
  const header = headers['accept-encoding'];
  if (!header || headers['x-no-compression'] !== undefined) return undefined;
  // As @fastify/compress: "*" (no preference) and x-gzip mean gzip.
  const encoding = encodingNegotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
  return encoding === null || encoding === 'identity' ? undefined : encoding;
}
