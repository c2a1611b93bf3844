import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { CachedResponse, ServedListener } from '../lib/read-cache';

/**
 * The header a server render's in-process reads carry (modules/pages/render-app.ts): the answers
 * they get are not shown to anyone by themselves; the page that holds them is. Their listeners are
 * collected for the page, which tells them each time it is sent (a cached page, a replay included).
 */
export const RENDER_HEADER = 'x-render-of';

const collecting = new Map<string, ServedListener[]>();
const tokens = new WeakMap<FastifyRequest, string>();

/** Starts collecting the listeners of the answers this page request's render reads; `end` gives the page's own. */
export function collectServed(request: FastifyRequest): { end(): ServedListener | undefined } {
  const token = randomUUID();
  const listeners: ServedListener[] = [];
  collecting.set(token, listeners);
  tokens.set(request, token);
  return {
    end() {
      collecting.delete(token);
      tokens.delete(request);
      if (listeners.length === 0) return undefined;
      return (headers) => {
        for (const listener of listeners) listener(headers);
      };
    },
  };
}

/** The token a render's reads for this page request carry, while its listeners are collected. */
export const renderTokenOf = (request: FastifyRequest) => tokens.get(request);

/**
 * Tells the answer's listener that it is sent to this request, or, for a render's read, hands the
 * listener to the page. A header naming no render under way (anyone can send one) is told as usual.
 */
export function served(headers: IncomingHttpHeaders, response: Pick<CachedResponse, 'onServe'>) {
  const listener = response.onServe;
  if (!listener) return;
  const token = headers[RENDER_HEADER];
  const page = typeof token === 'string' ? collecting.get(token) : undefined;
  if (page) page.push(listener);
  else listener(headers);
}
