import { chromium, type Route } from 'playwright-core';
import { assertFetchable, RefusedUrlError } from './address-check';

export const CAPTURE_TIMEOUT_MS = 15_000;
const VIEWPORT = { width: 1280, height: 800 };
const MAX_REDIRECTS = 5;

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--headless',
];

/**
 * Opens the page in a fresh headless Chromium and answers a PNG of the first screen. Every request
 * the page makes (each redirect hop, frames, images, scripts) passes the same address check as the
 * URL itself, so a public page cannot lead the browser into our network. Aborting the signal, or the
 * 15-second limit, closes the browser and rejects.
 */
export async function capturePage(
  url: string,
  options: { chromiumPath: string; allowedHosts: readonly string[]; signal: AbortSignal },
): Promise<Buffer> {
  await assertFetchable(url, options.allowedHosts);
  if (options.signal.aborted) throw new Error('capture cancelled');

  const browser = await chromium.launch({ executablePath: options.chromiumPath, args: chromiumArgs, timeout: CAPTURE_TIMEOUT_MS });
  const closeBrowser = () => void browser.close().catch(() => undefined);
  const timer = setTimeout(closeBrowser, CAPTURE_TIMEOUT_MS);
  options.signal.addEventListener('abort', closeBrowser, { once: true });
  let refusal: RefusedUrlError | undefined;
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block', acceptDownloads: false });
    await context.route('**/*', async (route) => {
      const requestUrl = route.request().url();
      if (requestUrl.startsWith('data:') || requestUrl.startsWith('blob:')) return route.continue();
      try {
        return await route.fulfill({ response: await fetchCheckingEveryHop(route, options.allowedHosts) });
      } catch (err) {
        if (err instanceof RefusedUrlError && route.request().isNavigationRequest()) refusal = err;
        return route.abort('blockedbyclient').catch(() => undefined);
      }
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: CAPTURE_TIMEOUT_MS });
    // Pages that fade their content in would otherwise be captured blank.
    await page.waitForTimeout(300);
    return await page.screenshot({ type: 'png', timeout: CAPTURE_TIMEOUT_MS });
  } catch (err) {
    throw refusal ?? err;
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', closeBrowser);
    await browser.close().catch(() => undefined);
  }
}

/**
 * Chromium follows a redirect without asking the route again, so a checked public page could
 * send it anywhere. Instead the route fetches every hop itself, checking each address, and hands
 * the browser only the final answer.
 */
async function fetchCheckingEveryHop(route: Route, allowedHosts: readonly string[]) {
  let url = route.request().url();
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    await assertFetchable(url, allowedHosts);
    const response = await route.fetch({ url, maxRedirects: 0, timeout: CAPTURE_TIMEOUT_MS });
    const location = response.headers()['location'];
    if (response.status() < 300 || response.status() >= 400 || !location) return response;
    url = new URL(location, url).toString();
  }
  throw new RefusedUrlError(`more than ${MAX_REDIRECTS} redirects`);
}
