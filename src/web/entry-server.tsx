import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import type { ReactElement } from 'react';
// The Web Streams renderer: the Node one keeps each render in an AsyncLocalStorage, which makes
// Node 20 track every callback of the process from then on (startReads in lib/api.ts says why not).
import { renderToReadableStream } from 'react-dom/server.edge';
import { Router } from 'wouter';
import { App } from './app/app';
import { RenderedModules } from './app/lazy-page';
import { startReads } from './lib/api';
import { currentUserKey } from './lib/current-user';
import { createQueryClient } from './lib/query-client';

/**
 * The server render of one page (docs/decisions/server-rendering.md). Built by Vite's `ssr`
 * environment beside the server (dist/server/entry-server.js) and loaded by it at start-up.
 */
export type RenderRequest = {
  /** The path and query of the page, as requested. */
  url: string;
  /**
   * Answers the client's API reads in-process: the server routes them through its own API routes,
   * with the visitor's cookie, so the page shows exactly what the API would have sent the browser.
   */
  fetch: typeof fetch;
  /** Told about a component that failed to render (the browser retries it). */
  onError?: (error: unknown) => void;
};

export type RenderResult = {
  /** Resource hints the page asked for (the main image's preload), for the document's head. */
  head: string;
  /** The markup of the app, for inside `<div id="root">`. */
  html: string;
  /** The code-split modules the page used (files under src/web), for the server to preload. */
  modules: string[];
  /** The query cache the markup was rendered from; the browser hydrates it before hydrating the markup. */
  state: DehydratedState;
  /** Whether the page was rendered for a signed-in person (their dashboards and menus in it). */
  signedIn: boolean;
};

/**
 * Renders until the page asks for no data it does not have. A page's hooks name their own reads,
 * so the server learns them by rendering: each round fetches what the last render asked for, and
 * a read that needs another's answer (a listing's reviews need its id) comes a round later.
 */
const MAX_FETCH_ROUNDS = 4;
const RENDER_TIMEOUT_MS = 10_000;

export async function render({ url, fetch, onError }: RenderRequest): Promise<RenderResult> {
  const client = createQueryClient();
  const modules = new Set<string>();
  const mark = url.indexOf('?');
  const [path, search] = mark < 0 ? [url, ''] : [url.slice(0, mark), url.slice(mark + 1)];
  const page = (
    <RenderedModules.Provider value={modules}>
      <Router ssrPath={path} ssrSearch={search}>
        <App client={client} />
      </Router>
    </RenderedModules.Provider>
  );

  const tried = new Set<string>();
  let html = await renderToHtml(page, onError);
  for (let round = 0; round < MAX_FETCH_ROUNDS; round++) {
    const wanted = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && isEnabled(query) && !tried.has(query.queryHash));
    if (wanted.length === 0) break;
    for (const query of wanted) tried.add(query.queryHash);
    // Each read is sent as its query starts, through the request's fetch (startReads).
    await Promise.all(wanted.map((query) => startReads(fetch, () => query.fetch()).catch(() => undefined)));
    // The browser starts from the dehydrated cache, which holds only JSON answers: a read that
    // failed, or whose answer JSON cannot carry (a Set), is rendered as the browser will first
    // see it, still loading, and the browser asks for it itself.
    client.removeQueries({ predicate: (query) => query.state.status === 'error' || !survivesJson(query.state.data) });
    html = await renderToHtml(page, onError);
  }
  // React writes the resources a render asked for (ReactDOM.preload) ahead of the markup when
  // it renders less than a whole document; they belong in the head, where the browser finds them
  // first and the client's own preload calls look for them.
  const hints = /^(?:<link\b[^>]*>)*/.exec(html)![0];
  const signedIn = client.getQueryData(currentUserKey) != null;
  return { head: hints, html: html.slice(hints.length), modules: [...modules], state: dehydrate(client), signedIn };
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

function survivesJson(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(survivesJson);
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every(survivesJson);
}

/**
 * The whole page once everything has loaded (lazy code included), as crawlers need it: the data is
 * already in the cache, so waiting costs only the render itself.
 */
async function renderToHtml(element: ReactElement, onError?: (error: unknown) => void): Promise<string> {
  // Code that never arrives must not hold the answer: what is still waiting is left to the browser.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error('Server render timed out')), RENDER_TIMEOUT_MS);
  try {
    // Rejects when the shell itself fails to render.
    const stream = await renderToReadableStream(element, {
      signal: timeout.signal,
      onError: (error) => onError?.(error),
      // Every boundary written in place: React moves large ones out of line and reveals them with an
      // inline script, which the CSP refuses and a page read without JavaScript never runs.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    });
    await stream.allReady;
    return await new Response(stream).text();
  } finally {
    clearTimeout(timer);
  }
}
