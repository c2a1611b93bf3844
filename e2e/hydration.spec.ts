import type { Page } from '@playwright/test';
import type { Listing } from '../src/shared/types';
import { expect, test, waitForHydration } from './fixtures';

// A first visit hydrates the server's render from the data sent with it: no request to the API
// (pictures aside), and no hydration warning, which the fixtures turn into a failure.

/** The API requests a page makes from its first byte until it has hydrated and settled. */
async function apiReadsOnLoad(page: Page, path: string) {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/images/')) reads.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  return reads;
}

test('every public page hydrates from the data it was rendered from, asking the API for nothing', async ({ page }) => {
  const services = (await (await page.request.get('/api/services?limit=1')).json()) as Listing[];
  const tools = (await (await page.request.get('/api/tools?limit=1')).json()) as Listing[];
  const categories = (await (await page.request.get('/api/categories?type=services')).json()) as { slug: string }[];
  const service = services[0]!;
  const pages = [
    '/',
    '/services',
    '/services?page=2&price=100-500',
    '/tools?search=seo',
    '/categories',
    `/category/${categories[0]!.slug}?type=services`,
    `/service/${service.slug}`,
    `/tool/${tools[0]!.slug}`,
    `/company/${service.provider!.slug}`,
    '/trending',
    '/contact',
    '/privacy-policy',
    '/terms-conditions',
    '/no-such-page',
  ];
  for (const path of pages) expect(await apiReadsOnLoad(page, path), path).toEqual([]);
});

test('a signed-in member is known from the first render: their menu is there and nothing is asked', async ({ page, signIn }) => {
  await signIn('member', { firstName: 'Hydra', lastName: 'Member' });
  // The saved hearts are kept as a Set, which the page's JSON cannot carry: the one read left.
  expect(await apiReadsOnLoad(page, '/services')).toEqual(['GET /api/favorites/ids']);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  // In the server's markup already, not only after the script ran.
  const served = await (await page.request.get('/services')).text();
  expect(served).toContain('<span class="sr-only">Account menu</span>');
});

/** When the page was first painted, and when the browser began fetching the app's code (ms since navigation). */
async function paintAndCodeTimes(page: Page) {
  return page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    code: performance.getEntriesByType('resource').find((entry) => /\/assets\/hydrate-[^/]+\.js$/.test(entry.name))?.startTime,
  }));
}

test("a visitor's page is shown before the app's code is fetched, then works", async ({ page }) => {
  // The page is complete in its HTML; the code only hydrates it (src/web/main.tsx), so it waits
  // for the first paint instead of sharing a phone's connection and CPU with it.
  await page.goto('/services');
  const { paint, code } = await paintAndCodeTimes(page);
  expect(paint).toBeGreaterThan(0);
  expect(code).toBeGreaterThan(paint!);
  await page.getByRole('link', { name: 'Next' }).first().click();
  await expect(page).toHaveURL(/page=2/);
});

test("a signed-in person's page runs its code as it loads: their buttons work as soon as they show", async ({ page, signIn }) => {
  await signIn('member');
  const served = await (await page.request.get('/services')).text();
  expect(served).toMatch(/<script type="module" crossorigin src="\/assets\/hydrate-[^"]+\.js"><\/script>/);
  expect(served).not.toContain('id="app-modules"');
  // Without waiting for anything but the load event, the account menu opens.
  await page.goto('/services', { waitUntil: 'load' });
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
});
