import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Listing } from '../src/shared/types';
import { expect, test, unique } from './fixtures';
import { toastOf as toast } from './toast';
import { whiteLabelTerms } from '../test/partner-terms';

// The administrators' side of partner programmes, as a person uses it: acting as soon as what
// they need is on screen, before the page's code has taken over (the dashboard comes whole from
// the server; a click made early is kept and done once the app is ready).

const terms = whiteLabelTerms;

/** A live monthly service whose programme its provider set before approval (so it applied at once). */
async function liveWithProgramme(createProvider: () => Promise<{ api: APIRequestContext }>, adminApi: APIRequestContext) {
  const { api } = await createProvider();
  const categories = (await (await api.get('/api/categories?type=services')).json()) as { id: number }[];
  const listing = {
    type: 'services',
    title: unique('Partner Desk'),
    description: 'Reporting agencies resell under their own brand.',
    categoryId: categories[0]!.id,
    price: '120',
    priceType: 'monthly',
    deliveryTime: 2,
    tags: [],
    features: [],
  };
  const created = await api.post('/api/services', { data: listing });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug } = (await created.json()) as Listing;
  const saved = await api.put(`/api/services/${id}/partner-programme`, { data: terms });
  expect(saved.status(), await saved.text()).toBe(200);
  const approved = await adminApi.post(`/api/admin/services/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  return { api, listing: { ...listing, id, slug }, fields: listing };
}

/** Opens a page and hands it over as soon as it has loaded, without waiting for its code. */
const open = async (page: Page, path: string) => {
  await page.mainFrame().goto(path, { waitUntil: 'commit' });
};

/** With SCREENSHOT_DIR set, keeps a picture of a part of the screen to look at (never committed). */
const shoot = async (target: Locator, name: string) => {
  if (process.env.SCREENSHOT_DIR) await target.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
};

/** The row or card named `title`, turning the list's pages with "Next" as a person would until it shows. */
async function findOnPages(page: Page, items: Locator, title: string, pager: string) {
  const item = items.filter({ hasText: title });
  for (let turn = 0; turn < 20; turn += 1) {
    await expect(items.first()).toBeVisible();
    // A list shown from the cache while it is read again may be out of date: read the fresh one.
    await expect(page.locator('ul[aria-busy="true"]')).toHaveCount(0);
    if ((await item.count()) > 0) return item;
    const next = page.getByRole('navigation', { name: pager }).getByRole('button', { name: 'Next' });
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    const before = await items.first().textContent();
    await next.click();
    await expect(items.first()).not.toHaveText(before ?? '');
  }
  await expect(item).toBeVisible();
  return item;
}

test('an administrator filters to unverified programmes, verifies one and sees it leave the list', async ({ page, signIn, createProvider, adminApi }) => {
  const { listing } = await liveWithProgramme(createProvider, adminApi);
  await signIn('admin');
  await open(page, '/admin?tab=partner-programmes');

  await page.getByRole('group', { name: 'Verification' }).getByRole('button', { name: 'Unverified' }).click();
  await expect(page.getByRole('button', { name: 'Unverified' })).toHaveAttribute('aria-pressed', 'true');
  const rows = page.getByTestId('admin-programme');
  const row = await findOnPages(page, rows, listing.title, 'Pages of partner programmes');
  await expect(row.getByRole('link', { name: listing.title })).toHaveAttribute('href', `/service/${listing.slug}`);
  await expect(row.getByText('White-label resale')).toBeVisible();
  await expect(row.getByText('Numbers shown to: Everyone')).toBeVisible();
  await expect(row.getByText('Unverified', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify partner terms' });
  const today = new Date().toISOString().slice(0, 10);
  await expect(dialog.getByLabel('Verified on')).toHaveValue(today);
  await dialog.getByLabel('Vendor portal').check();
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page)).toContainText('Partner terms verified');
  await expect(dialog).toBeHidden();
  await expect(rows.filter({ hasText: listing.title })).toHaveCount(0);

  // Under "All" it is there, verified today from the vendor portal; the listing page says so too.
  await page.getByRole('button', { name: 'All' }).click();
  const verified = await findOnPages(page, rows, listing.title, 'Pages of partner programmes');
  await expect(verified).toContainText('(vendor portal)');
  await shoot(verified, 'programme-verified');
  await open(page, `/service/${listing.slug}`);
  const month = new Date().toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  await expect(page.getByRole('region', { name: 'Partner programme' }).getByText(`Verified ${month}`)).toBeVisible();
});

test('an administrator approves a listing edit carrying a programme change, and the listing page shows the new terms', async ({ page, signIn, createProvider, adminApi }) => {
  const { api, listing, fields } = await liveWithProgramme(createProvider, adminApi);
  const newTitle = `${listing.title} Pro`;
  const edit = await api.patch(`/api/services/${listing.id}`, { data: { ...fields, title: newTitle } });
  expect(edit.status(), await edit.text()).toBe(200);
  const proposal = await api.put(`/api/services/${listing.id}/partner-programme`, { data: { ...terms, wholesalePrice: '55', trialDays: 30 } });
  expect(proposal.status(), await proposal.text()).toBe(200);

  await signIn('admin');
  await open(page, '/admin?tab=pending');
  const card = await findOnPages(page, page.getByTestId('pending-item'), listing.title, 'Pages of pending services');
  await expect(card.getByText('With a partner programme change')).toBeVisible();
  await card.getByText('2 partner programme changes').click();
  const changes = card.getByTestId('programme-changes');
  await expect(changes.getByText('$60/mo')).toBeVisible();
  await expect(changes.getByText('$55/mo')).toBeVisible();
  await expect(changes.getByText('30 days')).toBeVisible();
  await shoot(card, 'pending-programme-change');

  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page)).toContainText('Service approved successfully');
  await expect(page.getByTestId('pending-item').filter({ hasText: listing.title })).toHaveCount(0);

  await open(page, `/service/${listing.slug}`);
  await expect(page.getByRole('heading', { name: newTitle, level: 1 })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Partner programme' });
  await expect(panel.getByText('You pay $55/mo, you bill your client.')).toBeVisible();
  await expect(panel.getByText('30-day trial')).toBeVisible();
});

test('the Partner programmes screen at 375 and 1280 px', async ({ page, signIn, createProvider, adminApi }) => {
  await liveWithProgramme(createProvider, adminApi);
  await signIn('admin');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await open(page, '/admin?tab=partner-programmes');
    const rows = page.getByTestId('admin-programme');
    await expect(rows.first()).toBeVisible();
    // Nothing wider than the screen: no row forces the page to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/partner-programmes-${width}.png`, fullPage: false });
    await page.getByRole('button', { name: 'Stale' }).click();
    await expect(page.getByRole('button', { name: 'Stale' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows.first()).toContainText('· stale');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/partner-programmes-stale-${width}.png`, fullPage: false });
    await rows.first().getByRole('button', { name: 'Verify' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify partner terms' });
    await expect(dialog.getByLabel('Document')).toBeChecked();
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/verify-dialog-${width}.png`, fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});
