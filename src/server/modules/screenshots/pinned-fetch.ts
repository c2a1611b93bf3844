import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { checkedLookup, hostOf, isPublicAddress, parseHttpUrl, RefusedUrlError } from './address-check';

/** A page's single response may not be larger than this (after decompression): no memory bombs. */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export type PinnedRequest = { method: string; headers: Record<string, string>; body?: Buffer | null };
export type PinnedResponse = { status: number; headers: Record<string, string>; body: Buffer };

// Headers that describe one connection, not the message: Node sets its own, the browser gets none.
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-connection', 'host', 'content-length']);

const decoders: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * Makes the page's requests in Node instead of in the browser, so that every connection goes to
 * an address that was checked: the host is resolved once, by `checkedLookup`, and the socket
 * connects to exactly the addresses it approved. Redirects are answered, never followed: the
 * caller checks each hop as a new request. One fetcher serves one capture (its connections are
 * kept alive for the page's other requests) and is closed with it.
 */
export function createPinnedFetcher(options: { allowedHosts: readonly string[]; signal: AbortSignal; maxBytes?: number }) {
  const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };
  const lookup = checkedLookup(options.allowedHosts);
  const maxBytes = options.maxBytes ?? MAX_RESPONSE_BYTES;

  async function fetch(rawUrl: string, init: PinnedRequest): Promise<PinnedResponse> {
    const url = parseHttpUrl(rawUrl);
    const host = hostOf(url);
    // Node connects to an IP literal without any lookup, so the literal itself is checked here.
    if (isIP(host) && !isPublicAddress(host) && !options.allowedHosts.includes(host)) {
      throw new RefusedUrlError(`non-public address: ${host}`);
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: init.method,
      headers: { ...withoutHopByHop(init.headers), 'accept-encoding': 'gzip, deflate, br' },
      agent: agents[url.protocol as 'http:' | 'https:'],
      lookup,
      signal: options.signal,
    });
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request.once('response', resolve).once('error', reject);
      request.end(init.body ?? undefined);
    });
    if (Number(response.headers['content-length']) > maxBytes) {
      response.destroy();
      throw new RefusedUrlError(`response larger than ${maxBytes} bytes: ${rawUrl}`);
    }
    const encoding = response.headers['content-encoding']?.toLowerCase();
    const decoder = encoding ? decoders[encoding] : undefined;
    const body = await readAtMost(decoder ? pipeline(response, decoder(), () => undefined) : response, maxBytes, rawUrl);
    const headers = Object.fromEntries(
      Object.entries(withoutHopByHop(response.headers))
        .filter(([name]) => !(decoder && name === 'content-encoding'))
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : String(value)]),
    );
    return { status: response.statusCode ?? 502, headers, body };
  }

  const close = () => Object.values(agents).forEach((agent) => agent.destroy());
  return { fetch, close };
}

export type PinnedFetcher = ReturnType<typeof createPinnedFetcher>;

function withoutHopByHop<T>(headers: Record<string, T>) {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !name.startsWith('proxy-') && !hopByHop.has(name.toLowerCase())),
  );
}

async function readAtMost(stream: Readable | NodeJS.ReadWriteStream, maxBytes: number, url: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      (stream as Readable).destroy();
      throw new RefusedUrlError(`response larger than ${maxBytes} bytes: ${url}`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
