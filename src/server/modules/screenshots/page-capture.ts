import type { Request, Route } from 'playwright-core';
import { loadChromium } from '../../../lib/lazy-modules';
import { assertFetchable, parseHttpUrl, RefusedUrlError } from './address-check';
import { createPinnedFetcher, type PinnedFetcher, type PinnedResponse } from './pinned-fetch';

const VIEWPORT = { width: 1280, height: 800 };
const MAX_REDIRECTS = 5;

const chromiumArgs = [
  // The server runs as root in its container and Chromium's sandbox refuses to start as root.
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--headless',
  // WebRTC opens its own sockets, outside `context.route`: no UDP at all without a proxy ...
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  // ... and its TCP (a TURN server of the page's choosing), like preconnects, goes to a proxy that
  // does not exist. Every request the route answers never reaches the network, so the browser
  // itself needs none: whatever slips past the route fails here (we tested both reach 127.0.0.1
  // without these two flags).
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
];

export type CaptureOptions = {
  chromiumPath: string;
  allowedHosts: readonly string[];
  /** Aborted when the job is cancelled or its time is up: the browser is closed and the capture rejects. */
  signal: AbortSignal;
  /** When the signal's time runs out (Date.now() milliseconds), so every step's own timeout fits inside it. */
  deadline: number;
};

/**
 * Opens the page in a fresh headless Chromium and answers a PNG of the first screen.
 *
 * The browser itself never touches the network: every request of the page is made by Node
 * (`createPinnedFetcher`), which connects only to checked public addresses, and the answer is
 * handed to the browser with `route.fulfill`. WebSockets are closed, and only http(s) is fetched.
 */
export async function capturePage(url: string, options: CaptureOptions): Promise<Buffer> {
  const { signal } = options;
  const remaining = () => Math.max(1, options.deadline - Date.now());
  await untilAborted(assertFetchable(url, options.allowedHosts), signal);

  const chromium = await loadChromium();
  const launching = chromium.launch({ executablePath: options.chromiumPath, args: chromiumArgs, timeout: remaining() });
  const browser = await untilAborted(launching, signal).catch((err: unknown) => {
    void launching.then((late) => late.close()).catch(() => undefined);
    throw err;
  });
  const closeBrowser = () => void browser.close().catch(() => undefined);
  signal.addEventListener('abort', closeBrowser, { once: true });
  const fetcher = createPinnedFetcher({ allowedHosts: options.allowedHosts, signal });
  const navigation: { redirect?: string; refusal?: RefusedUrlError } = {};
  try {
    signal.throwIfAborted();
    const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block', acceptDownloads: false });
    await context.routeWebSocket(/.*/, (socket) => socket.close({ code: 1008, reason: 'not allowed' }));
    await context.route('**/*', (route) => answer(route, fetcher, navigation));
    const page = await context.newPage();
    page.setDefaultTimeout(remaining());
    // A redirect of the page itself becomes a new navigation, so the page keeps its real address
    // (relative links, origin) and the next hop passes the route, and its checks, again.
    let target = url;
    for (let hop = 0; ; hop++) {
      navigation.redirect = undefined;
      try {
        await page.goto(target, { waitUntil: 'load', timeout: remaining() });
        break;
      } catch (err) {
        if (!navigation.redirect) throw err;
        if (hop === MAX_REDIRECTS) throw new RefusedUrlError(`more than ${MAX_REDIRECTS} redirects`);
        target = navigation.redirect;
      }
    }
    // A script may have sent the page elsewhere meanwhile: only an http(s) page is photographed.
    parseHttpUrl(page.url());
    // Pages that fade their content in would otherwise be captured blank.
    await page.waitForTimeout(Math.min(300, remaining()));
    return await page.screenshot({ type: 'png', timeout: remaining() });
  } catch (err) {
    signal.throwIfAborted();
    throw navigation.refusal ?? err;
  } finally {
    signal.removeEventListener('abort', closeBrowser);
    fetcher.close();
    await browser.close().catch(() => undefined);
  }
}

/** Answers one request of the page from Node; a refused one is aborted (the page sees a network error). */
async function answer(route: Route, fetcher: PinnedFetcher, navigation: { redirect?: string; refusal?: RefusedUrlError }) {
  const request = route.request();
  const isPage = request.isNavigationRequest() && request.frame().parentFrame() === null;
  try {
    const { response, redirect } = await fetchFollowingRedirects(fetcher, request, !isPage);
    if (redirect) {
      navigation.redirect = redirect;
      // 'aborted' commits no error page, which would interrupt the next navigation.
      return await route.abort('aborted');
    }
    return await route.fulfill({ status: response.status, headers: response.headers, body: response.body });
  } catch (err) {
    if (err instanceof RefusedUrlError && isPage) navigation.refusal = err;
    return route.abort('blockedbyclient').catch(() => undefined);
  }
}

/**
 * Chromium follows a redirect answered through `route.fulfill` by itself, outside the route (we
 * tested it), so no redirect is ever handed to it: the page's own ones go back to `capturePage`,
 * and those of images, scripts and frames are followed here, each hop fetched (and checked) anew.
 */
async function fetchFollowingRedirects(fetcher: PinnedFetcher, request: Request, follow: boolean) {
  let url = request.url();
  let init = { method: request.method(), headers: await request.allHeaders(), body: request.postDataBuffer() };
  for (let hop = 0; ; hop++) {
    const response = await fetcher.fetch(url, init);
    const redirect = redirectTarget(response, url);
    if (!redirect || !follow) return { response, redirect };
    if (hop === MAX_REDIRECTS) throw new RefusedUrlError(`more than ${MAX_REDIRECTS} redirects: ${request.url()}`);
    url = redirect;
    // As browsers do: 307 and 308 repeat the request, the others turn it into a GET.
    if (response.status !== 307 && response.status !== 308) init = { method: 'GET', headers: init.headers, body: null };
  }
}

/** Where a redirect points, refused unless it is http(s); undefined for any other answer. */
function redirectTarget(response: PinnedResponse, from: string): string | undefined {
  const location = response.headers['location'];
  if (response.status < 300 || response.status >= 400 || !location) return undefined;
  let target: string;
  try {
    target = new URL(location, from).toString();
  } catch {
    throw new RefusedUrlError(`bad redirect from ${from}: ${location}`);
  }
  return parseHttpUrl(target).toString();
}

/** Rejects as soon as the signal aborts, even if the promise never settles (a DNS query has no timeout of ours). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
