import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { toastOf as toast } from './toast';

// A paid provider fills their plan's featured slots from the dashboard. The demo's Brightpath SEO
// is on Pro (two slots) and features Technical SEO Audit in one (src/db/seed/demo-plans.ts); its
// Local SEO Audit and Monthly SEO Retainer are the editors' picks. The test leaves the demo as it
// found it: one slot used. A slot's card is marked Sponsored (a paid placement), an editors' pick Featured.
const BRIGHTPATH = { email: 'hello@brightpath-seo.test', password: 'demo1234' } as const;
const SLOTTED = 'Technical SEO Audit';
const EDITORS_PICK = 'Local SEO Audit';
const TO_FEATURE = 'White-label Link Building';
const OTHER = 'Local Citation Building';

const card = (page: Page, title: string) => page.getByTestId('own-listing').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const summary = (page: Page) => page.getByTestId('featured-slots-summary');

test('a provider on Pro features a live listing in their free slot, sees it counted and shown as featured, and stops featuring it', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(BRIGHTPATH.email);
  await page.getByLabel('Password').fill(BRIGHTPATH.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('banner').getByRole('link', { name: 'Provider Dashboard', exact: true }).click();

  await expect(summary(page)).toContainText('Featured slots: 1 of 2 used');
  await expect(card(page, SLOTTED).getByRole('button', { name: `Stop featuring ${SLOTTED}` })).toBeVisible();
  // The editors' pick needs no slot: its button says why it is off.
  const pick = card(page, EDITORS_PICK).getByRole('button', { name: `Feature ${EDITORS_PICK}` });
  await expect(pick).toBeDisabled();
  await expect(pick).toHaveAccessibleDescription('Already featured by our editors.');

  const toFeature = card(page, TO_FEATURE);
  await expect(toFeature.getByText('Sponsored', { exact: true })).toHaveCount(0);
  await toFeature.getByRole('button', { name: `Feature ${TO_FEATURE}` }).click();
  await expect(toast(page)).toContainText('Listing featured');
  await expect(toast(page)).toContainText(`'${TO_FEATURE}' is now shown as featured.`);
  await expect(summary(page)).toContainText('Featured slots: 2 of 2 used');
  // A slot is a paid placement: the card says so.
  await expect(toFeature.getByText('Sponsored', { exact: true })).toBeVisible();
  await expect(toFeature.getByRole('button', { name: `Stop featuring ${TO_FEATURE}` })).toBeVisible();
  // Both slots are used: another live listing cannot take one, and says why.
  const other = card(page, OTHER).getByRole('button', { name: `Feature ${OTHER}` });
  await expect(other).toBeDisabled();
  await expect(other).toHaveAccessibleDescription('All 2 of your featured slots are in use: stop featuring a listing to free one.');
  // The Plan tab counts it too.
  await page.getByRole('tab', { name: 'Plan' }).click();
  await expect(page.locator('dl[aria-label="Usage of your plan"]').getByText('2 of 2')).toBeVisible();

  // Visitors see it sponsored, the editors' pick featured; the badge explains what that means.
  await page.getByRole('tab', { name: 'Listings' }).click();
  await expect(card(page, EDITORS_PICK).getByText('Featured', { exact: true })).toBeVisible();
  await card(page, TO_FEATURE).getByRole('link', { name: TO_FEATURE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TO_FEATURE })).toBeVisible();
  await page.getByRole('link', { name: 'Sponsored: what this means' }).click();
  await expect(page).toHaveURL(/\/pricing#featured$/);
  await expect(page.getByRole('heading', { name: 'What featured means' })).toBeInViewport();
  // In the public list too, among the featured that lead it.
  await page.goto('/services');
  const publicCard = (title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(publicCard(SLOTTED).getByRole('link', { name: 'Sponsored: what this means' })).toBeVisible();
  await expect(publicCard(EDITORS_PICK).getByRole('link', { name: 'Featured: what this means' })).toBeVisible();

  await page.goto('/provider');
  await card(page, TO_FEATURE).getByRole('button', { name: `Stop featuring ${TO_FEATURE}` }).click();
  await expect(toast(page)).toContainText('Featuring stopped');
  await expect(summary(page)).toContainText('Featured slots: 1 of 2 used');
  await expect(card(page, TO_FEATURE).getByText('Sponsored', { exact: true })).toHaveCount(0);
  await expect(card(page, OTHER).getByRole('button', { name: `Feature ${OTHER}` })).toBeEnabled();
});

test('a provider on the free plan sees that it has no featured slots, and why the button is off', async ({ page, signIn, createListing }) => {
  await signIn('provider');
  const listing = await createListing({ owner: page.request });
  await page.goto('/provider');
  await expect(summary(page)).toContainText('Featured slots: 0 of 0 used');
  await expect(summary(page).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  const feature = card(page, listing.title).getByRole('button', { name: `Feature ${listing.title}` });
  await expect(feature).toBeDisabled();
  await expect(feature).toHaveAccessibleDescription('Your Free plan has no featured slots.');
});

test('a slot freed while the page is still reading the slots shows as freed, not the count read before', async ({ page }) => {
  // The dashboard reads the slots again as it opens; that answer, taken before the slot was freed,
  // is held until after it, as a slow network or a loaded server would deliver it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/provider/featured-slots', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await page.request.post('/api/login', { data: BRIGHTPATH });
  const listings = await (await page.request.get('/api/provider/services?status=approved')).json();
  const toFeature = (listings as { id: number; title: string }[]).find((listing) => listing.title === TO_FEATURE)!;
  expect((await page.request.post('/api/provider/featured-slots', { data: { listingId: toFeature.id } })).status()).toBe(201);

  await page.goto('/provider');
  await expect(summary(page)).toContainText('Featured slots: 2 of 2 used');
  await card(page, TO_FEATURE).getByRole('button', { name: `Stop featuring ${TO_FEATURE}` }).click();
  await expect(toast(page)).toContainText('Featuring stopped');
  release();
  await page.waitForLoadState('networkidle');
  await expect(summary(page)).toContainText('Featured slots: 1 of 2 used');
  await expect(card(page, TO_FEATURE).getByRole('button', { name: `Feature ${TO_FEATURE}` })).toBeVisible();
});
