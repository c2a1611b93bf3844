import type { Page } from '@playwright/test';
import { expect as expectNow, onPhone, test, unique } from './fixtures';
import { toastOf as toast } from './toast';

// The admin dashboard's tab strip shows every tab, and a category's icon is asked for as the
// lucide name the site draws. As an administrator acts: at once, on a CPU slowed six times.

test.use({ waitsForHydration: false });
const expect = expectNow.configure({ timeout: 30_000 });

test.beforeEach(async ({ page }) => {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: 6 });
});

const tabNames = ['Overview', 'Pending Approval', 'Reported reviews', 'Partner programmes', 'Partner applications', /^Services/, /^Tools/, 'Create Content', 'Categories', 'User Management', 'SEO Settings', 'Search', 'Import / Export'];

/** Every tab whole on screen, and a strip that hides nothing past its edge. */
async function expectEveryTabInSight(page: Page) {
  const strip = page.getByRole('tablist').first();
  for (const name of tabNames) await expect(strip.getByRole('tab', { name }), String(name)).toBeInViewport({ ratio: 1 });
  expect(await strip.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
}

test('at 1280 px every admin tab is in sight, SEO Settings and Import / Export too, and opens', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/admin', { waitUntil: 'commit' });
  await expectEveryTabInSight(page);
  await page.getByRole('tab', { name: 'Import / Export' }).click();
  await expect(page.getByRole('tab', { name: 'Import / Export' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'SEO Settings' }).click();
  await expect(page.getByRole('tab', { name: 'SEO Settings' })).toHaveAttribute('aria-selected', 'true');
});

test('at 375 px the admin tabs wrap rather than hide past the edge', async ({ page, signIn }) => {
  await onPhone(page);
  await signIn('admin');
  await page.goto('/admin', { waitUntil: 'commit' });
  await expectEveryTabInSight(page);
});

test("a category's icon is a lucide name: a Font Awesome class is refused with a message, a lucide name is drawn", async ({ page, signIn }) => {
  const name = unique('Icons');
  await signIn('admin');
  await page.goto('/admin?tab=categories', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('A lucide icon name, e.g. chart-line.', { exact: false })).toBeVisible();
  await expect(dialog.getByText('fas fa-', { exact: false })).toHaveCount(0);

  await dialog.getByLabel('Category Name').fill(name);
  await dialog.getByLabel('Icon').fill('fas fa-chart-line');
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog.getByText('Icon must be a lucide icon name the site can show, e.g. chart-line')).toBeVisible();

  await dialog.getByLabel('Icon').fill('chart-line');
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(toast(page)).toContainText('Category created successfully');

  await page.goto(`/category/${name.toLowerCase()}?type=services`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.locator('main use[href$="#chart-line"]').first()).toBeAttached();
});
