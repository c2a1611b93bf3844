import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { EARLY_EVENTS_SCRIPT } from '../../../shared/early-events';
import { APP_MODULES_ID } from '../../../shared/page-data-ids';
import { VIEW_COUNTED_HEADER, viewCountedBy } from '../../plugins/counted-views';
import { RENDER_HEADER, renderTokenOf } from '../../plugins/served-answers';
import type { RenderRequest, RenderResult } from '../../../web/entry-server';
import { IN_PROCESS_HEADER, inProcessToken } from '../../plugins/public-read-limit';

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
    // The page was counted against its visitor's public reads already (plugins/public-read-limit.ts).
    headers[IN_PROCESS_HEADER] = inProcessToken;
    // The answers' listeners (the listings a results page shows) go to the page (plugins/served-answers.ts).
    const token = renderTokenOf(request);
    if (token) headers[RENDER_HEADER] = token;
    if (viewCountedBy(request)) headers[VIEW_COUNTED_HEADER] = '1';
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
 * The head tags for the code-split modules a render used, less what index.html already loads (the
 * entry and its imports): their styles linked, since the markup needs them to look right, and their
 * chunks either preloaded, or, with `afterFirstPaint`, listed as data for the entry
 * (src/web/main.tsx), which fetches them all at once after the first paint. Preloaded from the
 * head, even at low priority, they share a phone's connection with the styles and the first image,
 * for code that only hydrates a page already complete.
 */
export function pageAssetTags(manifest: Manifest, modules: string[], { afterFirstPaint }: { afterFirstPaint: boolean }): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const initial = chunkFiles(manifest, entries);
  const needed = chunkFiles(manifest, modules);
  const scripts = needed.js.filter((file) => !initial.js.includes(file)).map((file) => `/${file}`);
  const styles = needed.css.filter((file) => !initial.css.includes(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  if (!afterFirstPaint) return [...styles, ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)].join('');
  return [...styles, ...(scripts.length ? [`<script type="application/json" id="${APP_MODULES_ID}">${JSON.stringify(scripts)}</script>`] : [])].join('');
}

/**
 * The early event contract (shared/early-events.ts) as the head of every rendered page carries it:
 * the one inline script of the site, allowed by its hash (EARLY_EVENTS_CSP_SOURCE) and nothing else.
 */
export const EARLY_EVENTS_TAG = `<script>${EARLY_EVENTS_SCRIPT}</script>`;

/** The Content-Security-Policy source that allows exactly the early event contract's inline script. */
export const EARLY_EVENTS_CSP_SOURCE = `'sha256-${createHash('sha256').update(EARLY_EVENTS_SCRIPT).digest('base64')}'`;

/** The app's code, which the client's entry (src/web/main.tsx) imports once the page is painted. */
export const HYDRATION_MODULE = 'hydrate.tsx';

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
  const hydrationFile = manifest[HYDRATION_MODULE]?.file;
  if (!hydrationFile) throw new Error(`The client build has no ${HYDRATION_MODULE} chunk: is src/web/main.tsx still importing it?`);
  return async (request) => {
    const result = await render(request);
    // A visitor's page is a document first (read, followed by its links, found by crawlers): it is
    // shown before its code runs. A signed-in person's dashboards and menus are an application,
    // whose buttons must work the moment they show: their code runs as the page loads, as a module
    // script of the page (the entry's own import of it then finds it there).
    const tags = pageAssetTags(manifest, [HYDRATION_MODULE, ...result.modules], { afterFirstPaint: !result.signedIn });
    const appScript = result.signedIn ? `<script type="module" crossorigin src="/${hydrationFile}"></script>` : '';
    // The contract comes first: it must be listening before anything in the page can be clicked.
    return { ...result, head: EARLY_EVENTS_TAG + result.head + tags + appScript };
  };
}
