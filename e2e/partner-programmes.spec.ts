import type { APIRequestContext, Page } from '@playwright/test';
import type { Listing } from '../src/shared/types';
import { whiteLabelTerms } from '../test/partner-terms';
import { expect, registerUser, test, unique } from './fixtures';

// The "Partner programme" panel of a listing page, its calculator and the cards' line, as people
// use them: acting as soon as what they need is on screen, before the page's code has taken over
// (the page is whole from the server), except where the subject is the live calculator itself.

const publicTerms = {
  ...whiteLabelTerms,
  commitmentMonths: 0,
  earlyCancellation: 'allowed',
  trialDays: 14,
  whiteLabel: ['own_logo', 'custom_domain', 'vendor_branding_removed', 'branded_reports', 'non_solicitation'],
  territories: 'US, GB',
  applyUrl: 'https://partners.example.test/apply',
  joinApproval: 'reviewed',
};

/** A live monthly service with a partner programme, set by its provider before approval (so it applies at once). */
async function listingWithProgramme(createProvider: () => Promise<{ api: APIRequestContext }>, adminApi: APIRequestContext, terms: Record<string, unknown>) {
  const { api } = await createProvider();
  const categories = (await (await api.get('/api/categories?type=services')).json()) as { id: number }[];
  const created = await api.post('/api/services', {
    data: { title: unique('Reseller Reports'), description: 'White-label reporting for agencies.', categoryId: categories[0]!.id, price: '120', priceType: 'monthly', deliveryTime: 2, type: 'services' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const listing = (await created.json()) as Listing;
  const saved = await api.put(`/api/services/${listing.id}/partner-programme`, { data: terms });
  expect(saved.status(), await saved.text()).toBe(200);
  const approved = await adminApi.post(`/api/admin/services/${listing.id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  return listing;
}

/** Opens a page and hands it over as soon as it has loaded, without waiting for its code. */
const open = async (page: Page, path: string) => {
  await page.mainFrame().goto(path, { waitUntil: 'commit' });
};

test('a visitor reads the panel and works out a profit with the calculator as they type', async ({ page, createProvider, adminApi }) => {
  const listing = await listingWithProgramme(createProvider, adminApi, publicTerms);
  await open(page, `/service/${listing.slug}`);
  const panel = page.getByRole('region', { name: 'Partner programme' });
  await expect(panel.getByText('You pay $60/mo, you bill your client.')).toBeVisible();
  await expect(panel.getByText('40% margin · 66.7% markup')).toBeVisible();
  await expect(panel.getByText('14-day trial')).toBeVisible();
  await expect(panel.getByText('GB, US')).toBeVisible();
  await expect(panel.getByText('Not verified yet')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Apply to the programme' })).toHaveAttribute('href', 'https://partners.example.test/apply');

  const calculator = page.getByRole('region', { name: 'Profit calculator' });
  await calculator.getByLabel('Your price').fill('90');
  await calculator.getByLabel('Clients').fill('5');
  // (90 - 60) x 5 = 150 a month, 1,800 over 12 months; 30 / 90 = 33.3 % margin.
  await expect(calculator.getByTestId('monthly-profit')).toHaveText('$150');
  await expect(calculator.getByTestId('twelve-month-profit')).toHaveText('$1,800');
  await expect(calculator.getByTestId('calculator-margin')).toHaveText('33.3%');
  await calculator.getByLabel('Clients').fill('10');
  await expect(calculator.getByTestId('monthly-profit')).toHaveText('$300');
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  await expect(page).toHaveURL(/price=90/);
  await expect(page).toHaveURL(/clients=10/);
});

test('a card says the model, margin and commitment', async ({ page, createProvider, adminApi }) => {
  const listing = await listingWithProgramme(createProvider, adminApi, publicTerms);
  await open(page, `/services?search=${encodeURIComponent(listing.title)}`);
  const card = page.getByRole('article').filter({ hasText: listing.title });
  await expect(card.getByText('White-label resale · 40% margin · month-to-month')).toBeVisible();
});

test('members-only numbers: a visitor is asked to sign in, a member reads them', async ({ page, createProvider, adminApi }) => {
  const listing = await listingWithProgramme(createProvider, adminApi, { ...publicTerms, visibility: 'members', wholesalePrice: '61.37' });
  await open(page, `/service/${listing.slug}`);
  const panel = page.getByRole('region', { name: 'Partner programme' });
  await expect(panel.getByText('The partner prices and commission are shown to signed-in members.')).toBeVisible();
  await expect(page.getByText('$61.37', { exact: false })).toHaveCount(0);

  await registerUser(page.request);
  await open(page, `/service/${listing.slug}`);
  await expect(panel.getByText('You pay $61.37/mo, you bill your client.')).toBeVisible();
});

test('terms on request show the request action and no numbers', async ({ page, createProvider, adminApi }) => {
  const listing = await listingWithProgramme(createProvider, adminApi, { ...publicTerms, visibility: 'on_request', wholesalePrice: '52.19', suggestedRetailPrice: '93.71' });
  await open(page, `/service/${listing.slug}`);
  const panel = page.getByRole('region', { name: 'Partner programme' });
  await expect(panel.getByText('The partner prices and commission are given on request.')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Request the partner terms' })).toBeVisible();
  await expect(page.getByText('52.19', { exact: false })).toHaveCount(0);
  await expect(panel.getByRole('region', { name: 'Profit calculator' })).toHaveCount(0);
});

test('the panel at 375 and 1280 px', async ({ page, createProvider, adminApi }) => {
  const listing = await listingWithProgramme(createProvider, adminApi, { ...publicTerms, setupFeeWholesale: '100', setupFeeSuggested: '250', commitmentMonths: 12, earlyCancellation: 'fee' });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, `/service/${listing.slug}?price=95&clients=8`);
    const panel = page.getByRole('region', { name: 'Partner programme' });
    await expect(panel.getByTestId('monthly-profit')).toBeVisible();
    // Nothing in the panel is wider than the screen.
    const box = (await panel.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    // The sticky header would cover part of an element screenshot.
    await page.addStyleTag({ content: 'header { position: static !important; }' });
    await panel.screenshot({ path: `/tmp/partner-panel-${width}.png` });
  }
});

test.describe('the calculator and the summary, used before the page has hydrated', () => {
  test.use({ waitsForHydration: false });
  // A lost action never comes, however long the wait, so a longer one hides none.
  const slowExpect = expect.configure({ timeout: 30_000 });

  test.beforeEach(async ({ page }) => {
    const session = await page.context().newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  });

  test('the calculator says what is wrong with a field, which input it uses, and when a price sells below cost or floor', async ({ page, createProvider, adminApi }) => {
    const listing = await listingWithProgramme(createProvider, adminApi, { ...publicTerms, minRetailPrice: '80' });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, `/service/${listing.slug}`);
      const calculator = page.getByRole('region', { name: 'Profit calculator' });
      await calculator.getByLabel('Your price').fill('abc');
      await calculator.getByLabel('Clients').fill('0');
      await calculator.getByLabel('Months').fill('1000');
      await slowExpect(calculator.getByTestId('calculator-error')).toHaveText(['Enter your price as a number, e.g. 90', 'Clients must be at least 1', 'Months can be at most 120 (10 years)']);
      // No figure for defaults nobody typed.
      await expect(calculator.getByTestId('calculator-result')).toHaveCount(0);
      await expect(calculator.getByLabel('Clients')).toHaveAttribute('aria-invalid', 'true');
      await calculator.scrollIntoViewIfNeeded();
      await page.addStyleTag({ content: 'header { position: static !important; }' });
      await calculator.screenshot({ path: `/tmp/calculator-errors-${width}.png` });

      await calculator.getByLabel('Your price').fill('-5');
      await expect(calculator.getByTestId('calculator-error').first()).toHaveText('Your price cannot be negative');
      await calculator.getByLabel('Clients').fill('2');
      await calculator.getByLabel('Months').fill('12');
      // Below the programme's floor of $80, then below the $60 the agency pays.
      await calculator.getByLabel('Your price').fill('70');
      await expect(calculator.getByTestId('calculator-warning')).toHaveText(["$70/mo is below the programme's minimum retail price ($80/mo): the programme may not let you sell at it."]);
      await calculator.getByLabel('Your price').fill('50');
      await expect(calculator.getByTestId('calculator-warning').first()).toHaveText('$50/mo is below what you pay ($60/mo): you lose $10 on every client payment.');
      // (50 - 60) x 2 = -$20 a month: the figure is shown, with the warning above it.
      await expect(calculator.getByTestId('monthly-profit')).toHaveText('-$20');
      await calculator.screenshot({ path: `/tmp/calculator-warnings-${width}.png` });
      // A price and a markup: the price is used, and the calculator says so.
      await calculator.getByLabel('Your price').fill('90');
      await calculator.getByLabel('or markup %').fill('50');
      await expect(calculator.getByTestId('calculator-price-source')).toHaveText('Using your price of $90/mo; the markup is ignored (clear the price to work from a markup).');
      await calculator.getByLabel('Your price').fill('');
      await expect(calculator.getByTestId('calculator-price-source')).toHaveText('Using a 50% markup on what you pay ($60/mo).');
    }
  });

  test("the partner terms' summary is in the first screen at 1280 and 375 px, and leads to the panel", async ({ page, createProvider, adminApi }) => {
    const listing = await listingWithProgramme(createProvider, adminApi, { ...publicTerms, commitmentMonths: 12, earlyCancellation: 'fee' });
    for (const [width, height] of [[1280, 800], [375, 812]] as const) {
      await page.setViewportSize({ width, height });
      await open(page, `/service/${listing.slug}`);
      const summary = page.getByTestId('partner-summary').locator('visible=true');
      await expect(summary).toHaveCount(1);
      await expect(summary.getByTestId('summary-you-pay')).toHaveText('$60/mo (retail $100/mo)');
      await expect(summary.getByTestId('summary-margin')).toHaveText('40%');
      await expect(summary).toContainText('White-label resale');
      await expect(summary).toContainText('12-month commitment, billed monthly');
      await expect(summary).toContainText('Not verified yet');
      const box = (await summary.boundingBox())!;
      expect(box.y, 'top of the summary').toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `bottom of the summary at ${width} px`).toBeLessThanOrEqual(height);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/partner-summary-${width}.png` });
      await summary.getByRole('link', { name: 'All partner terms and the profit calculator' }).click();
      await slowExpect(page.getByRole('heading', { name: 'Partner programme' })).toBeInViewport();
    }
  });

  test('members-only numbers stay out of the summary', async ({ page, createProvider, adminApi }) => {
    const listing = await listingWithProgramme(createProvider, adminApi, { ...publicTerms, visibility: 'members', wholesalePrice: '61.37' });
    const html = await (await page.request.get(`/service/${listing.slug}`)).text();
    expect(html).not.toContain('61.37');
    await open(page, `/service/${listing.slug}`);
    const summary = page.getByTestId('partner-summary').locator('visible=true');
    await expect(summary.getByTestId('summary-you-pay')).toHaveText('Members only');
    await expect(summary.getByTestId('summary-margin')).toHaveText('Members only');
    await expect(page.getByText('61.37', { exact: false })).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the calculator is a form the server answers', async ({ page, createProvider, adminApi }) => {
    const listing = await listingWithProgramme(createProvider, adminApi, publicTerms);
    await page.goto(`/service/${listing.slug}`);
    const calculator = page.getByRole('region', { name: 'Profit calculator' });
    await calculator.getByLabel('or markup %').fill('100');
    await calculator.getByLabel('Clients').fill('3');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(/markup=100/);
    // A 100 % markup on 60 is 120; (120 - 60) x 3 = 180 a month.
    await expect(page.getByRole('region', { name: 'Profit calculator' }).getByTestId('monthly-profit')).toHaveText('$180');
  });

  test('a field typed wrong comes back with its error, on the calculator rather than the top of the page', async ({ page, createProvider, adminApi }) => {
    const listing = await listingWithProgramme(createProvider, adminApi, publicTerms);
    await page.goto(`/service/${listing.slug}`);
    const calculator = page.getByRole('region', { name: 'Profit calculator' });
    await calculator.getByLabel('Your price').fill('abc');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(/price=abc.*#profit-calculator$/);
    await expect(calculator.getByTestId('calculator-error')).toHaveText('Enter your price as a number, e.g. 90');
    await expect(calculator.getByTestId('calculator-result')).toHaveCount(0);
    await expect(calculator).toBeInViewport();
  });
});

test('a provider offers a partner programme from the listing dialog, with the rules checked on the fields', async ({ page, signIn }) => {
  await signIn('provider');
  const title = unique('Reseller Dashboards');
  await page.goto('/provider');
  await page.getByRole('button', { name: 'Add Service' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description', { exact: true }).fill('White-label dashboards for agencies.');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByLabel('Price (USD)').fill('120');
  await dialog.getByLabel('Delivery time (days)').fill('3');

  await dialog.getByLabel('Agencies can resell or refer this listing').check();
  await dialog.getByLabel('White-label resale').check();
  await dialog.getByLabel('Wholesale price').fill('150');
  await dialog.getByLabel('Suggested retail price').fill('100');
  await dialog.getByLabel('Custom domain').check();
  await dialog.getByRole('button', { name: 'Submit Service' }).click();
  await expect(dialog.getByText('Suggested retail price must be at least the wholesale price')).toBeVisible();

  await dialog.getByLabel('Wholesale price').fill('60');
  await dialog.getByLabel('Territories').fill('GB, us');
  await dialog.getByRole('button', { name: 'Submit Service' }).click();
  await expect(dialog).toHaveCount(0);

  const own = (await (await page.request.get('/api/provider/services?status=pending')).json()) as Listing[];
  const listing = own.find((item) => item.title === title)!;
  const saved = await (await page.request.get(`/api/services/${listing.id}/partner-programme`)).json();
  expect(saved.programme).toMatchObject({ types: ['white_label_resale'], wholesalePrice: '60.00', suggestedRetailPrice: '100.00', whiteLabel: ['custom_domain'], territories: ['GB', 'US'] });
});

test('the listing dialog refuses partner terms that contradict themselves or the listing, each on its field', async ({ page, signIn }) => {
  await signIn('provider');
  const title = unique('Referral Audits');
  await page.goto('/provider');
  await page.getByRole('button', { name: 'Add Service' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description', { exact: true }).fill('Local SEO audits agencies refer their clients to.');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByLabel('Price (USD)').fill('300');
  await dialog.getByRole('combobox', { name: 'Price type' }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  await dialog.getByLabel('Delivery time (days)').fill('5');

  // A referral-only programme with a wholesale price, billed annually month-to-month, beside a monthly price.
  await dialog.getByLabel('Agencies can resell or refer this listing').check();
  await dialog.getByLabel('Referral', { exact: true }).check();
  await dialog.getByLabel('Wholesale price').fill('500');
  await dialog.getByLabel('Commission type').selectOption('percent');
  await dialog.getByLabel('Commission', { exact: true }).fill('20');
  await dialog.getByLabel('Commission paid for (months)').fill('12');
  await dialog.getByLabel('Who bills whom').selectOption('provider_bills_client');
  await dialog.getByLabel('Billing period').selectOption('annual');
  await dialog.getByRole('button', { name: 'Submit Service' }).click();
  await expect(dialog.getByLabel('Wholesale price')).toHaveAccessibleDescription('Wholesale price applies to resale only: choose white-label or branded resale, or leave it empty');
  await expect(dialog.getByLabel('Minimum commitment (months)')).toHaveAccessibleDescription(/Billed annually, the commitment is whole years/);

  // Those fixed, the listing's monthly price still contradicts annual billing: said on the billing period.
  await dialog.getByLabel('Wholesale price').fill('');
  await dialog.getByLabel('Minimum commitment (months)').fill('12');
  await dialog.getByRole('button', { name: 'Submit Service' }).click();
  await expect(dialog.getByLabel('Billing period')).toHaveAccessibleDescription(
    "The listing is billed monthly, so the programme is billed monthly: change the billing period or the listing's price type",
  );

  await dialog.getByLabel('Billing period').selectOption('monthly');
  await dialog.getByRole('button', { name: 'Submit Service' }).click();
  await expect(dialog).toHaveCount(0);
  const own = (await (await page.request.get('/api/provider/services?status=pending')).json()) as Listing[];
  const listing = own.find((item) => item.title === title)!;
  const saved = await (await page.request.get(`/api/services/${listing.id}/partner-programme`)).json();
  expect(saved.programme).toMatchObject({ types: ['referral'], wholesalePrice: null, billingPeriod: 'monthly', commitmentMonths: 12 });
});
