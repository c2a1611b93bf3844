import type { Page } from '@playwright/test';

/**
 * Holds the page's navigation to /api/login until the test lets it go.
 *
 * The spec's sign-in prompts show a toast and leave for /api/login 500 ms later; a loaded
 * machine can spend longer than that between two assertions, and the toast goes with the page.
 * Holding the request keeps the page (and its toast) on screen while the test reads it; the
 * navigation itself is real once released.
 */
export async function holdSignInRedirect(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/login', async (route) => {
    if (route.request().isNavigationRequest()) await released;
    await route.continue();
  });
  return release;
}
