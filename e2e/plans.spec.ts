import { expect, test, unique } from './fixtures';
import { DEMO_PROVIDER } from './outside-pages';

// Manual billing end to end: an administrator defines a paid plan and records a bank transfer for
// the demo provider, who then sees the new plan and its usage in the dashboard's Plan tab.
test('an administrator defines a paid plan and records a payment; the provider sees it in the Plan tab', async ({ page, signIn, adminApi, browser }) => {
  await signIn('admin');
  await page.goto('/admin?tab=plans');
  const name = unique('Agency Pro');
  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Badge (optional)').fill('Verified partner');
  await dialog.getByLabel('Price (USD)').fill('29');
  await dialog.getByLabel('Live listings').fill('40');
  await dialog.getByLabel('Featured slots').fill('1');
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText('Plan created', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Plans' }).getByRole('heading', { name })).toBeVisible();

  const payment = page.getByRole('form', { name: 'Record a payment' });
  await payment.getByLabel('Provider e-mail').fill(DEMO_PROVIDER.email);
  await payment.getByLabel('Plan', { exact: true }).selectOption({ label: `${name} ($29 / month)` });
  await payment.getByLabel('Note (optional)').fill('Invoice E2E-1');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded', { exact: true })).toBeVisible();

  // The provider, in a browser of their own.
  const context = await browser.newContext();
  const providerPage = await context.newPage();
  const login = await providerPage.request.post('/api/login', { data: DEMO_PROVIDER });
  expect(login.status()).toBe(200);
  const providerId = ((await login.json()) as { id: string }).id;
  await providerPage.goto('/provider?tab=plan');
  await expect(providerPage.getByRole('heading', { name: `Your plan: ${name}` })).toBeVisible();
  await expect(providerPage.getByText('Active', { exact: true })).toBeVisible();
  await expect(providerPage.getByText(/\$29 \/ month · Renews on /)).toBeVisible();
  const usage = providerPage.getByRole('list', { name: 'Usage of your plan' }).or(providerPage.locator('dl[aria-label="Usage of your plan"]'));
  await expect(usage.getByText(/^\d+ of 40$/)).toBeVisible();
  await expect(usage.getByText('0 of 1')).toBeVisible();
  await expect(usage.getByText('"Verified partner"')).toBeVisible();
  await context.close();

  // Back to the free plan: other specs read the demo provider as the demo leaves them.
  const ended = await adminApi.post(`/api/admin/providers/${providerId}/plan/end`);
  expect(ended.status(), await ended.text()).toBe(204);
});

test('/pricing lists the plans, server-rendered, with what featured means', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans for providers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Free', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pro', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What featured means' })).toBeVisible();
});
