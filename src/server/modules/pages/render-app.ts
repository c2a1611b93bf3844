import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { RenderRequest, RenderResult } from '../../../web/entry-server';

/** The client's server render (src/web/entry-server.tsx), as the server calls it. */
export type AppRenderer = (request: RenderRequest) => Promise<RenderResult>;

/** Headers of the page request that an API read may depend on: who is asking, and from what. */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

/**
 * The fetch a server render reads the API through: each read runs in-process through the API's own
 * route (validation, permissions, the read cache, the answer's JSON shape), as the visitor, so the
 * page holds what the browser would have fetched, and a detail view counts as the visitor's view.
 * Only GET requests to /api: rendering never writes.
 */
export function inProcessFetch(request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const method = init?.method ?? 'GET';
    if (method !== 'GET' || !url.startsWith('/api/')) throw new Error(`A server render reads the API only, not ${method} ${url}`);
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await request.server.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) responseHeaders.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: responseHeaders });
  };
}

/**
 * The compiled render beside the compiled server (dist/server/entry-server.js, built by the `ssr`
 * environment in vite.config.ts); undefined when there is none, as under `npm run dev`, where
 * Vite serves the client and the browser renders it.
 */
export async function loadBuiltAppRenderer(serverDir: URL): Promise<AppRenderer | undefined> {
  const entry = new URL('./entry-server.js', serverDir);
  if (!existsSync(fileURLToPath(entry))) return undefined;
  const module = (await import(entry.href)) as { render: AppRenderer };
  return module.render;
}
