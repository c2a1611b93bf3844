import type { APIRequestContext, Page } from '@playwright/test';
import type { Listing } from '../src/shared/types';
import { whiteLabelTerms } from '../test/partner-terms';
import { expect, registerUser, test, unique } from './fixtures';

// A partner application as people make it: a member applies from the listing's panel, the
// provider approves from their Applications inbox, and the member then reads the terms on request
// that nobody else sees. Each acts the moment the control is on screen.

const onRequestTerms = {
  ...whiteLabelTerms,
  commitmentMonths: 0,
  earlyCancellation: 'allowed',
  whiteLabel: ['own_logo', 'custom_domain'],
  territories: 'worldwide',
  visibility: 'on_request',
  wholesalePrice: '52.19',
  suggestedRetailPrice: '93.71',
  applyUrl: 'https://partners.example.test/join',
  termsUrl: 'https://partners.example.test/terms',
  joinApproval: 'reviewed',
};

async function listingWithProgramme(api: APIRequestContext, adminApi: APIRequestContext) {
  const categories = (await (await api.get('/api/categories?type=services')).json()) as { id: number }[];
  const created = await api.post('/api/services', {
    data: { title: unique('Partner Reports'), description: 'White-label reporting for agencies.', categoryId: categories[0]!.id, price: '120', priceType: 'monthly', deliveryTime: 2, type: 'services' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const listing = (await created.json()) as Listing;
  const saved = await api.put(`/api/services/${listing.id}/partner-programme`, { data: onRequestTerms });
  expect(saved.status(), await saved.text()).toBe(200);
  const approved = await adminApi.post(`/api/admin/services/${listing.id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  return listing;
}

const open = (page: Page, path: string) => page.mainFrame().goto(path, { waitUntil: 'commit' });

/** Screens to look at, at a phone's and a laptop's width (kept in /tmp, not in the repository); nothing may be wider than the screen. */
async function shots(page: Page, name: string, before?: () => Promise<void>) {
  await before?.();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 1000 });
    const cards = page.getByTestId('partner-application');
    await expect(cards.first()).toBeVisible();
    const box = (await cards.first().boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `/tmp/${name}-${width}.png`, fullPage: true });
  }
}

test('a member applies, the provider approves, and the member then sees the terms on request', async ({ page, browser, createProvider, adminApi }) => {
  const provider = await createProvider();
  const listing = await listingWithProgramme(provider.api, adminApi);

  await registerUser(page.request);
  await open(page, `/service/${listing.slug}`);
  const panel = page.getByRole('region', { name: 'Partner programme' });
  await expect(panel.getByText('The partner prices and commission are given on request.')).toBeVisible();
  await expect(page.getByText('52.19', { exact: false })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Apply to become a partner' }).click();
  const form = panel.getByRole('form', { name: 'Apply to become a partner' });
  await form.getByLabel('Agency name').fill('Lighthouse Digital');
  await form.getByLabel('Agency website').fill('lighthouse.example');
  await form.getByLabel('How many clients').fill('12');
  await form.getByLabel('Regions you serve').fill('UK, Ireland');
  await form.getByLabel('Services you offer').fill('SEO and reporting');
  await form.getByLabel('Message to the provider').fill('We would resell this to our retainer clients.');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.addStyleTag({ content: 'header { position: static !important; }' });
    await panel.screenshot({ path: `/tmp/apply-form-${width}.png` });
  }
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByTestId('my-application-status')).toContainText('Waiting for the provider');

  const providerContext = await browser.newContext({ storageState: await provider.api.storageState() });
  const providerPage = await providerContext.newPage();
  await open(providerPage, '/provider?tab=applications');
  const application = providerPage.getByTestId('partner-application').filter({ hasText: 'Lighthouse Digital' });
  await expect(application.getByText('SEO and reporting')).toBeVisible();
  await application.getByRole('button', { name: 'Approve' }).click();
  await application.getByLabel(/Welcome message/).fill('Welcome! Book your onboarding call.');
  await application.getByRole('button', { name: 'Confirm approval' }).click();
  // Decided, it leaves the open applications; the Approved filter shows it.
  await expect(providerPage.getByText('Application approved', { exact: true })).toBeVisible();
  await providerPage.getByRole('button', { name: 'Approved', exact: true }).click();
  await expect(application.getByText('Approved: the agency sees the terms on request.')).toBeVisible();
  await shots(providerPage, 'provider-inbox');
  await providerContext.close();

  await open(page, `/service/${listing.slug}`);
  await expect(panel.getByText('You pay $52.19/mo, you bill your client.')).toBeVisible();
  await expect(page.getByTestId('my-application-status')).toContainText('Approved');

  await open(page, '/dashboard?tab=applications');
  const mine = page.getByTestId('partner-application').filter({ hasText: listing.title });
  await expect(mine.getByText('Welcome! Book your onboarding call.')).toBeVisible();
  await expect(mine.getByRole('link', { name: 'Join the programme' })).toHaveAttribute('href', 'https://partners.example.test/join');
  await shots(page, 'member-applications');

  // Another member still reads no numbers.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await registerUser(other.request);
  await open(other, `/service/${listing.slug}`);
  await expect(other.getByRole('region', { name: 'Partner programme' }).getByText('The partner prices and commission are given on request.')).toBeVisible();
  await expect(other.getByText('52.19', { exact: false })).toHaveCount(0);
  await otherContext.close();
});
