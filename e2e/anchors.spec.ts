import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The sticky site header must not cover the section an address's #anchor names. */
async function expectClearOfHeader(page: Page, target: string) {
  const section = page.locator(target);
  await expect(section).toBeInViewport();
  const header = (await page.locator('header').first().boundingBox())!;
  const box = (await section.boundingBox())!;
  expect(box.y, `${target} starts at ${box.y} px, under the header ending at ${header.y + header.height} px`).toBeGreaterThanOrEqual(header.y + header.height);
}

for (const width of [375, 1100, 1280]) {
  test(`an anchored section lands below the sticky header at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/pricing#featured');
    await expectClearOfHeader(page, '#featured');
    await page.goto('/terms-conditions#section-6');
    await expectClearOfHeader(page, '#section-6');
  });
}
