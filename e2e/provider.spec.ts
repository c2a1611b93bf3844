import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page, request as playwrightRequest } from '@playwright/test';
import { DEFAULT_PASSWORD, expect, onPhone, registerUser, test, unique } from './fixtures';
import { toastOf as toast } from './toast';

// The provider dashboard (SPEC.md section 2): becoming a provider, adding a service and a
// tool, the pending state, editing, deleting after the confirmation, and the tool's screenshot of
// a page this test serves on 127.0.0.1 (allowed by SCREENSHOT_ALLOWED_HOSTS in playwright.config.ts).

let site: Server;
let siteUrl: string;

test.beforeAll(async () => {
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>Rank Rocket</title><body style="margin:0;background:#0ea5e9;color:white;font:48px sans-serif"><h1>Rank Rocket</h1></body>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});

test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

/** Opens the listing dialog's category picker and takes its first category. */
async function pickFirstCategory(page: Page) {
  await page.getByRole('dialog').getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option').first().click();
}

const card = (page: Page, title: string) => page.getByTestId('own-listing').filter({ has: page.getByRole('heading', { name: title }) });

test('a new user registers, becomes a provider, adds, edits and deletes listings, and sees the screenshot', async ({ page }) => {
  const serviceTitle = unique('Local SEO Audit');
  const toolTitle = unique('Rank Rocket');

  // Register through the sign-in screen, then open the provider dashboard.
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Last name').fill('Provider');
  await page.getByLabel('Email').fill(`${unique('provider')}@example.test`);
  await page.getByLabel('Password').fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page)).toContainText('Welcome');
  await page.goto('/provider');

  // A member completes the provider profile; saving it makes them a provider.
  await expect(page.getByRole('heading', { name: 'Become a provider' })).toBeVisible();
  await page.getByLabel('Company name (optional)').fill('Priya Growth Studio');
  await page.getByLabel('Bio (optional)').fill('Local SEO for agencies.');
  await page.getByRole('button', { name: 'Save Profile and Become a Provider' }).click();
  await expect(toast(page)).toContainText('Profile updated!');
  await expect(page.getByRole('heading', { name: 'My Listings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Live/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No live listings yet')).toBeVisible();

  // Add a service: the spec's messages first, then a valid one.
  await page.getByRole('button', { name: 'Add Service' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Submit Service' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByText('Category is required')).toBeVisible();
  await expect(dialog.getByText('Delivery time is required')).toBeVisible();
  await dialog.getByLabel('Title').fill('x'.repeat(201));
  await dialog.getByLabel('Short description').fill('y'.repeat(501));
  await dialog.getByRole('button', { name: 'Submit Service' }).click();
  await expect(dialog.getByText('Title must be less than 200 characters')).toBeVisible();
  await expect(dialog.getByText('Short description must be less than 500 characters')).toBeVisible();

  await dialog.getByLabel('Title').fill(serviceTitle);
  await dialog.getByLabel('Short description').fill('Find out why local customers miss you.');
  await dialog.getByLabel('Description', { exact: true }).fill('A full audit of your local search presence, with a prioritised plan.');
  await pickFirstCategory(page);
  await dialog.getByLabel('Price (USD)').fill('499.50');
  await dialog.getByLabel('Delivery time (days)').fill('7');
  await dialog.getByLabel('Tags').fill('seo, local, , audit');
  await dialog.getByLabel('Features').fill('Report, Call');
  await dialog.getByRole('button', { name: 'Submit Service' }).click();
  await expect(toast(page)).toContainText('Service submitted for approval');
  await expect(dialog).toHaveCount(0);

  // Add a tool whose website this test serves; a bad URL first.
  await page.getByRole('button', { name: 'Add Tool' }).click();
  await dialog.getByLabel('Title').fill(toolTitle);
  await dialog.getByLabel('Description', { exact: true }).fill('Rank tracking for agencies.');
  await pickFirstCategory(page);
  await dialog.getByLabel('Website URL').fill('not a url');
  await dialog.getByRole('button', { name: 'Submit Tool' }).click();
  await expect(dialog.getByText('Please enter a valid URL')).toBeVisible();
  await dialog.getByLabel('Website URL').fill(siteUrl);
  await dialog.getByRole('button', { name: 'Submit Tool' }).click();
  await expect(toast(page)).toContainText('Tool submitted for approval');

  // Both wait for approval under Pending.
  await page.getByRole('tab', { name: /Pending/ }).click();
  await expect(card(page, serviceTitle)).toContainText('Pending review');
  await expect(card(page, serviceTitle)).toContainText('Starting at $500');
  await expect(card(page, toolTitle)).toContainText('Pending review');

  // The tool's screenshot arrives in the background and shows on its card.
  const screenshot = card(page, toolTitle).getByRole('img', { name: `Screenshot of ${toolTitle}` });
  await expect(screenshot).toBeVisible({ timeout: 30_000 });
  // Decoded from the image route (with srcset, naturalWidth is the chosen width over its density, so it is not checked against 800).
  await expect
    .poll(() => screenshot.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0 && new URL(image.currentSrc).pathname.startsWith('/api/images/')))
    .toBe(true);

  // Edit the service: the dialog opens on its values.
  await card(page, serviceTitle).getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue(serviceTitle);
  await expect(dialog.getByLabel('Tags')).toHaveValue('seo, local, audit');
  await dialog.getByLabel('Title').fill(`${serviceTitle} Pro`);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Service updated successfully');
  await expect(card(page, `${serviceTitle} Pro`)).toBeVisible();

  // Delete the tool after confirming; cancelling first keeps it.
  await card(page, toolTitle).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this tool? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, toolTitle)).toBeVisible();
  await card(page, toolTitle).getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Tool deleted');
  await expect(card(page, toolTitle)).toHaveCount(0);
  await expect(card(page, `${serviceTitle} Pro`)).toBeVisible();
});

test('a rejected listing shows the reason, and editing it resubmits it', async ({ page, signIn, adminApi }) => {
  await signIn('provider');
  const categories = (await (await page.request.get('/api/categories?type=services')).json()) as { id: number }[];
  const title = unique('Rejected Service');
  const created = await page.request.post('/api/services', {
    data: { title, description: 'Too vague.', categoryId: categories[0]!.id, priceType: 'hourly', deliveryTime: 3, price: '80' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const rejected = await adminApi.post(`/api/admin/services/${id}/reject`, { data: { reason: 'Please describe what is included.' } });
  expect(rejected.status(), await rejected.text()).toBe(200);

  await page.goto('/provider');
  await page.getByRole('tab', { name: /Rejected/ }).click();
  await expect(card(page, title)).toContainText('Please describe what is included.');
  await card(page, title).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog')).toContainText('Update your service and resubmit it for approval.');
  await page.getByRole('dialog').getByLabel('Description', { exact: true }).fill('Weekly calls, a written report and a checklist.');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Service updated successfully');
  await expect(card(page, title)).toHaveCount(0);
  await page.getByRole('tab', { name: /Pending/ }).click();
  await expect(card(page, title)).toContainText('Waiting for approval');
});

test('on a phone the dashboard and the dialog fit the screen and work with the keyboard', async ({ page, signIn }) => {
  await onPhone(page);
  await signIn('provider');
  await page.goto('/provider');
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
  const addService = page.getByRole('button', { name: 'Add Service' });
  await addService.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Service' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(375);
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('editing a live listing keeps it live with an update pending approval', async ({ page, signIn, adminApi }) => {
  await signIn('provider');
  const categories = (await (await page.request.get('/api/categories?type=tools')).json()) as { id: number }[];
  const title = unique('Live Tool');
  const created = await page.request.post('/api/tools', { data: { title, description: 'Live and well.', categoryId: categories[0]!.id, price: '19' } });
  const { id } = (await created.json()) as { id: number };
  expect((await adminApi.post(`/api/admin/tools/${id}/approve`)).status()).toBe(200);

  await page.goto('/provider');
  await card(page, title).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Your tool stays live as it is until an administrator approves the changes.');
  await dialog.getByLabel('Price (USD)').fill('25');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Tool updated successfully');
  await expect(card(page, title)).toContainText('Update pending approval');
  await expect(card(page, title)).toContainText('$19');

  // Editing again starts from the proposal, not from the live version.
  await card(page, title).getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByLabel('Price (USD)')).toHaveValue('25');
  await page.keyboard.press('Escape');

  expect((await adminApi.post(`/api/admin/tools/${id}/approve`)).status()).toBe(200);
  await page.reload();
  await expect(card(page, title)).toContainText('$25');
  await expect(card(page, title)).not.toContainText('Update pending approval');
});

test('leads from members arrive in the inbox and can be marked read', async ({ page, signIn, baseURL, adminApi }) => {
  await signIn('provider');
  const categories = (await (await page.request.get('/api/categories?type=services')).json()) as { id: number }[];
  const title = unique('Lead Magnet');
  const created = await page.request.post('/api/services', {
    data: { title, description: 'Ask me anything.', categoryId: categories[0]!.id, priceType: 'fixed', deliveryTime: 5 },
  });
  const { id } = (await created.json()) as { id: number };
  expect((await adminApi.post(`/api/admin/services/${id}/approve`)).status()).toBe(200);

  const member = await playwrightRequest.newContext({ baseURL });
  await registerUser(member);
  const sent = await member.post(`/api/services/${id}/contact`, { data: { name: 'Mia Member', email: 'mia@agency.test', message: 'Can you start next week?' } });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  await member.dispose();

  await page.goto('/provider');
  await expect(page.getByRole('tab', { name: /Leads/ })).toContainText('1');
  await page.getByRole('tab', { name: /Leads/ }).click();
  const lead = page.getByTestId('lead').filter({ hasText: 'Can you start next week?' });
  await expect(lead).toContainText('Mia Member');
  await expect(lead).toContainText(title);
  await expect(lead.getByRole('img', { name: 'Unread' })).toBeVisible();
  await lead.getByRole('button', { name: 'Mark as read' }).click();
  await expect(lead.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  await expect(lead.getByRole('img', { name: 'Unread' })).toHaveCount(0);
});
