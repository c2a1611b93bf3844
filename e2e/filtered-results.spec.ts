import type { Page } from '@playwright/test';
import { expect as expectNow, onPhone, test } from './fixtures';

// The results stay in sight as a visitor filters them (SPEC.md section 9): the sort and the chosen
// filters sit above the results, each chip takes its filter away, a phone's filter panel ends in
// 'Show N results', and a choice low in the wide sidebar brings the results' top back into view.
// As a person acts: at once, on a CPU slowed six times, without waiting for the page's code.

test.use({ waitsForHydration: false });
const expect = expectNow.configure({ timeout: 30_000 });

test.beforeEach(async ({ page }) => {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: 6 });
});

const heading = (page: Page) => page.getByRole('heading', { name: 'All Services', level: 2 });
const chip = (page: Page, label: string) => page.getByRole('link', { name: `Remove filter: ${label}` });

test('a filter ticked low in the wide sidebar, with the page scrolled down the results, brings their top back', async ({ page }) => {
  await page.goto('/services', { waitUntil: 'commit' });
  await expect(page.getByRole('article').nth(8)).toBeVisible();
  await page.mouse.wheel(0, 1600);
  await expect(heading(page)).not.toBeInViewport();

  await page.getByRole('checkbox', { name: 'Verified terms only' }).check();
  await expect(page).toHaveURL(/verified=1/);
  await expect(heading(page)).toBeInViewport();
  await expect(chip(page, 'Verified terms only')).toBeInViewport();
});

test('sort and chips above the results: each chip takes its filter away, Clear all the rest, the sort stays', async ({ page }) => {
  await page.goto('/services?price=100-500&rating=4', { waitUntil: 'commit' });
  const results = page.getByRole('region', { name: 'All Services' });
  await expect(results.getByRole('link', { name: 'Remove filter: $100 - $500' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Remove filter: 4+ stars' })).toBeVisible();

  await results.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Highest margin' });
  await expect(page).toHaveURL(/sort=margin/);
  await expect(page).toHaveURL(/price=100-500/);

  await chip(page, '4+ stars').click();
  await expect(page).not.toHaveURL(/rating=/);
  await expect(page).toHaveURL(/price=100-500.*sort=margin/);
  await expect(page.getByRole('radio', { name: 'Any rating' })).toBeChecked();
  await expect(chip(page, '4+ stars')).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Month-to-month' }).check();
  await expect(chip(page, 'Month-to-month')).toBeVisible();
  await results.getByRole('link', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/services\?sort=margin$/);
  await expect(results.getByRole('link', { name: /^Remove filter/ })).toHaveCount(0);
  await expect(results.getByRole('combobox', { name: 'Sort by' })).toHaveValue('margin');

  // Back brings the removed filters back, chips and all.
  await page.goBack();
  await expect(chip(page, 'Month-to-month')).toBeVisible();
});

test('on a phone the filters open in a panel whose Show N results button stays in sight, closes it and lands on the results', async ({ page }) => {
  await onPhone(page);
  await page.goto('/services', { waitUntil: 'commit' });
  await page.getByRole('complementary', { name: 'Filters' }).locator('summary').click();
  const panel = page.getByRole('form', { name: 'Filter results' });
  await panel.getByRole('checkbox', { name: 'Verified terms only' }).check();
  await expect(page).toHaveURL(/verified=1/);
  await panel.getByRole('radio', { name: '40%+' }).check();
  await expect(page).toHaveURL(/minMargin=40/);

  const show = page.getByRole('button', { name: /^Show [\d,]+\+? results?$/ });
  await expect(show).toBeInViewport();
  const total = Number((await page.request.get('/api/services?verified=1&minMargin=40&limit=1')).headers()['x-total-count']);
  await expect(show).toHaveText(total === 1 ? 'Show 1 result' : `Show ${total.toLocaleString('en-US')} results`);
  await show.click();

  await expect(panel.getByRole('checkbox', { name: 'Verified terms only' })).toBeHidden();
  await expect(heading(page)).toBeInViewport();
  await expect(heading(page)).toBeFocused();
  await expect(chip(page, 'Verified terms only')).toBeInViewport();
  await expect(page.getByRole('complementary', { name: 'Filters' }).locator('summary')).toHaveText('Filters (2)');
});
