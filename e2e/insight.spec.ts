import { request as playwrightRequest } from '@playwright/test';
import { expect, onPhone, registerUser, test, unique } from './fixtures';

// The provider's insight screen (docs/decisions/daily-figures.md): figures counted from real visits,
// a lead and a click, read from the server-rendered charts and table, a range changed by its link,
// and the CSV export of the rows shown. Links and forms are plain: nothing waits for the page's code.

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const today = () => new Date().toISOString().slice(0, 10);

test('a provider reads a listing’s figures in the chart and the table, changes the range and exports CSV', async ({ page, signIn, baseURL, adminApi }) => {
  await signIn('provider');
  const categories = (await (await page.request.get('/api/categories?type=services')).json()) as { id: number }[];
  const title = unique('Insight Audit');
  const created = await page.request.post('/api/services', {
    data: { title, description: 'Counted.', categoryId: categories[0]!.id, priceType: 'fixed', deliveryTime: 5 },
  });
  const { id } = (await created.json()) as { id: number };
  expect((await adminApi.post(`/api/admin/services/${id}/approve`)).status()).toBe(200);

  // Three visits from two people and a lead (clicks out are counted in the API tests: services have no website).
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'user-agent': browser } });
  for (let n = 0; n < 2; n++) expect((await visitor.get(`/api/services/${id}`)).status()).toBe(200);
  await visitor.dispose();
  const member = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'user-agent': browser } });
  await registerUser(member);
  expect((await member.get(`/api/services/${id}`)).status()).toBe(200);
  expect((await member.post(`/api/services/${id}/contact`, { data: { name: 'Mia', email: 'mia@agency.test', message: 'Hello' } })).status()).toBeLessThan(300);
  await member.dispose();
  // The server writes its counts every two seconds.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/provider/insight?range=7&listing=${id}`)).json()) as { totals: { views: { value: number } } }).totals.views.value, { timeout: 15_000 })
    .toBe(3);

  await page.goto('/provider');
  await page.getByRole('link', { name: /Daily figures/ }).click();
  await expect(page.getByRole('heading', { name: 'Insight', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Listing' }).selectOption({ label: title });
  await page.getByRole('button', { name: 'Show listing' }).click();
  await expect(page.getByRole('heading', { name: `Insight: ${title}` })).toBeVisible();
  await expect(page.getByText(/Figures as of/)).toBeVisible();

  const views = page.locator('[data-figure="views"]');
  await expect(views).toContainText('3');
  await expect(views).toContainText('Visits to the listing page');
  await expect(views.getByRole('img', { name: /Views per day/ })).toBeVisible();
  await expect(page.locator('[data-figure="leadRate"]')).toContainText('50.0 %');
  const todayRow = page.getByRole('region', { name: 'Daily figures table' }).getByRole('row', { name: new RegExp(today()) });
  await expect(todayRow.getByRole('cell')).toHaveText(['3', '2', '1', '0', '0', '0', '0', '0', '0', '0', '']);
  await expect(page.getByRole('region', { name: 'Daily figures table' }).getByRole('row')).toHaveCount(31);

  await page.getByRole('navigation', { name: 'Range' }).getByRole('link', { name: '7 days' }).click();
  await expect(page).toHaveURL(new RegExp(`range=7&listing=${id}`));
  await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: 'Daily figures table' }).getByRole('row')).toHaveCount(8);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const csv = (await (await download.createReadStream()).toArray()).join('').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(8);
  expect(lines.at(-1)).toBe(`${today()},3,2,1,0,0,0,0,0,0,0,`);

  // Looked at at 1280 px and at 375 px: nothing wider than the screen.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/insight-1280.png', fullPage: true });
  await onPhone(page);
  await page.reload();
  await expect(views.getByRole('img', { name: /Views per day/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const chart = await views.getByRole('img', { name: /Views per day/ }).boundingBox();
  expect(chart!.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'test-results/insight-375.png', fullPage: true });
});

test('a provider turns the monthly figures e-mail off in the profile', async ({ page, signIn }) => {
  await signIn('provider');
  await page.goto('/provider');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const setting = page.getByRole('switch', { name: 'Monthly figures e-mail' });
  await expect(setting).toBeChecked();
  await setting.click();
  await expect(setting).not.toBeChecked();
  await expect.poll(async () => ((await (await page.request.get('/api/provider/monthly-email')).json()) as { subscribed: boolean }).subscribed).toBe(false);
  await page.reload();
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByRole('switch', { name: 'Monthly figures e-mail' })).not.toBeChecked();
});
