import type { Page } from '@playwright/test';

/** The toast on screen (one at a time): an item of the "Notifications (F8)" region. */
export const toastOf = (page: Page) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');

/**
 * Every toast text the page shows in documents loaded from now on (call it before page.goto),
 * across navigations.
 *
 * The spec's sign-in prompts show a toast and leave for /api/login 500 ms later, taking the toast
 * with the page; a loaded machine can spend longer than that between two assertions, and
 * Playwright waits for a navigation under way before it reads the page. So the page reports each
 * toast to the test as it appears, and the test reads the record whenever it gets there.
 */
export async function recordToasts(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeBinding('__recordToast', (_source, text: string) => {
    seen.push(text);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __recordToast: (text: string) => void }).__recordToast;
    const toastItem = '[role="region"][aria-label^="Notifications"] li';
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const target = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
        const inside = target?.closest(toastItem);
        const added = [...mutation.addedNodes].filter((node): node is Element => node instanceof Element);
        const items = inside ? [inside] : added.flatMap((node) => [...(node.matches(toastItem) ? [node] : []), ...node.querySelectorAll(toastItem)]);
        for (const item of items) if (item.textContent) report(item.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return seen;
}

/** Whether a recorded toast said all of these. */
export const toastSaid = (seen: string[], ...parts: string[]) => seen.some((text) => parts.every((part) => text.includes(part)));
