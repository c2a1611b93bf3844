import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
      // A HEAD request comes from a link checker or previewer, not from anyone looking: without the
      // user agent, the listing read it renders counts no view (as a HEAD of the API itself does not).
      if (name === 'user-agent' && request.method === 'HEAD') continue;
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

/** One entry of Vite's build manifest (dist/web/.vite/manifest.json). */
export type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** The chunk files `keys` load, their static imports included, each once, in load order. */
export function chunkFiles(manifest: Manifest, keys: string[]): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    js.push(chunk.file);
    css.push(...(chunk.css ?? []));
  };
  keys.forEach(visit);
  return { js, css: [...new Set(css)] };
}

/**
 * The head tags for the code-split modules a render used: their chunks preloaded and their styles
 * linked, less what index.html already loads (the entry and its imports), so the page's own code
 * downloads beside the main script rather than after it.
 */
export function preloadTags(manifest: Manifest, modules: string[]): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const initial = chunkFiles(manifest, entries);
  const needed = chunkFiles(manifest, modules);
  return [
    ...needed.css.filter((file) => !initial.css.includes(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...needed.js.filter((file) => !initial.js.includes(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

/**
 * The compiled render beside the compiled server (dist/server/entry-server.js, built by the `ssr`
 * environment in vite.config.ts), naming each page's chunks from the client's build manifest;
 * undefined when there is none, as under `npm run dev`, where Vite serves the client and the
 * browser renders it.
 */
export async function loadBuiltAppRenderer(serverDir: URL, clientRoot: string): Promise<AppRenderer | undefined> {
  const entry = new URL('./entry-server.js', serverDir);
  const manifestFile = path.join(clientRoot, '.vite', 'manifest.json');
  if (!existsSync(fileURLToPath(entry)) || !existsSync(manifestFile)) return undefined;
  const { render } = (await import(entry.href)) as { render: AppRenderer };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  return async (request) => {
    const result = await render(request);
    return { ...result, head: result.head + preloadTags(manifest, result.modules) };
  };
}
