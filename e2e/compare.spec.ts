import type { APIRequestContext, Page } from '@playwright/test';
import type { Listing } from '../src/shared/types';
import { whiteLabelTerms } from '../test/partner-terms';
import { expect, test, unique } from './fixtures';

// The comparison, as people use it: "Compare" links on cards build it in the address, the page is
// whole from the server, and every action is taken as soon as its element is visible, before the
// page's code has taken over.

const terms = {
  ...whiteLabelTerms,
  commitmentMonths: 0,
  earlyCancellation: 'allowed',
  trialDays: 14,
  whiteLabel: ['own_logo', 'custom_domain'],
  territories: 'US, GB',
  joinApproval: 'reviewed',
};

/** A live monthly service, with a partner programme set by its provider before approval. */
async function service(api: APIRequestContext, adminApi: APIRequestContext, title: string, price: string, programme: Record<string, unknown>) {
  const categories = (await (await api.get('/api/categories?type=services')).json()) as { id: number }[];
  const created = await api.post('/api/services', {
    data: { title, description: 'Reporting for agencies.', categoryId: categories[0]!.id, price, priceType: 'monthly', deliveryTime: 2, type: 'services' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const listing = (await created.json()) as Listing;
  const saved = await api.put(`/api/services/${listing.id}/partner-programme`, { data: programme });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await adminApi.post(`/api/admin/services/${listing.id}/approve`)).status()).toBe(200);
  return listing;
}

const open = (page: Page, path: string) => page.mainFrame().goto(path, { waitUntil: 'commit' });

/** A phone's CPU: Chrome DevTools' CPU throttling, six times slower, for the page's whole life. */
async function slowCpu(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

/** Searches the list as a person does, with the list page's own search box. */
async function search(page: Page, type: 'services' | 'tools', words: string) {
  const box = page.getByRole('searchbox', { name: `Search ${type}` });
  await box.fill(words);
  await box.press('Enter');
  await expect(page, 'the search was sent').toHaveURL(new RegExp(`search=${encodeURIComponent(words).replace(/%20/g, '(\\+|%20)')}`), { timeout: 30_000 });
}

test.describe('acting before the page has hydrated, on a slow phone', () => {
  test.use({ waitsForHydration: false });
  // A lost action never comes, however long the wait, so a longer one hides none.
  const slowExpect = expect.configure({ timeout: 30_000 });

  test('a visitor collects listings while searching, keeps them through Back, and compares them with the filters kept', async ({ page, createProvider, adminApi }) => {
    const { api } = await createProvider();
    const word = unique('Tray');
    const alpha = await service(api, adminApi, `${word} Alpha Reports`, '120', terms);
    const beta = await service(api, adminApi, `${word} Beta Reports`, '150', { ...terms, wholesalePrice: '80', suggestedRetailPrice: '150' });
    await slowCpu(page);

    await open(page, `/services?search=${encodeURIComponent(`${word} Alpha`)}`);
    await page.getByRole('article').filter({ hasText: alpha.title }).getByRole('link', { name: 'Compare', exact: true }).click();
    const tray = page.getByTestId('compare-tray');
    await slowExpect(tray).toContainText(alpha.title);
    // Still on the results: Compare does not leave them.
    await expect(page).toHaveURL(/\/services\?/);

    await search(page, 'services', `${word} Beta`);
    await page.getByRole('article').filter({ hasText: beta.title }).getByRole('link', { name: 'Compare', exact: true }).click();
    await slowExpect(tray.getByRole('listitem')).toHaveCount(2);
    await expect(tray).toContainText('2 of 4');

    // Back to the first search: nothing collected is lost.
    await page.goBack();
    await slowExpect(page).toHaveURL(new RegExp(`search=${word}(\\+|%20)Alpha`));
    await slowExpect(tray.getByRole('listitem')).toHaveCount(2);
    await expect(tray).toContainText(beta.title);

    // The comparison remembers the results it was built from.
    await tray.getByRole('link', { name: 'Compare 2' }).click();
    await slowExpect(page).toHaveURL(/\/compare\?ids=/);
    const table = page.getByTestId('compare-table');
    await slowExpect(table.getByRole('link', { name: alpha.title, exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: beta.title, exact: true })).toBeVisible();
    await page.getByTestId('compare-back').click();
    await slowExpect(page).toHaveURL(new RegExp(`/services\\?search=${word}(\\+|%20)Alpha`));
    await slowExpect(page.getByTestId('compare-tray').getByRole('listitem')).toHaveCount(2);
  });

  test('a fifth listing is refused with a message, and the four stay', async ({ page, createProvider, adminApi }) => {
    const { api } = await createProvider();
    const word = unique('Five');
    const listings = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) listings.push(await service(api, adminApi, `${word} ${name}`, '100', terms));
    await slowCpu(page);

    await open(page, `/services?search=${encodeURIComponent(word)}`);
    const tray = page.getByTestId('compare-tray');
    for (const [index, listing] of listings.entries()) {
      await page.getByRole('article').filter({ hasText: listing.title }).getByRole('link', { name: 'Compare', exact: true }).click();
      if (index < 4) await slowExpect(tray.getByRole('listitem')).toHaveCount(index + 1);
    }
    await slowExpect(page.getByTestId('compare-refused')).toContainText('You can compare up to 4 listings');
    await expect(tray).toContainText('4 of 4');
    await expect(tray.getByRole('listitem').filter({ hasText: listings[4]!.title })).toHaveCount(0);
  });
});

test('the comparison reads the differences, and the profit follows what one types', async ({ page, createProvider, adminApi }) => {
  const { api } = await createProvider();
  const word = unique('Comparo');
  const first = await service(api, adminApi, `${word} Alpha Reports`, '120', terms);
  const second = await service(api, adminApi, `${word} Beta Reports`, '150', { ...terms, wholesalePrice: '80', suggestedRetailPrice: '150', trialDays: 0 });
  const [low, high] = [first.id, second.id].sort((a, b) => a - b);

  await page.goto(`/compare?ids=${high},${low}`);
  const table = page.getByTestId('compare-table');
  await expect(table.getByRole('link', { name: first.title, exact: true })).toBeVisible();
  // Prices and trials differ; delivery does not, nor do the terms both programmes share.
  await expect(table.getByRole('row', { name: /^Price \(differs\)/ })).toHaveAttribute('data-differs', 'true');
  await expect(table.getByRole('row', { name: /^Trial \(differs\)/ })).toContainText('14 days');
  await expect(table.getByRole('row', { name: /^Delivery/ })).not.toHaveAttribute('data-differs', 'true');
  await expect(table.getByRole('row', { name: /^Support/ })).not.toHaveAttribute('data-differs', 'true');
  const differing = await table.locator('tr[data-differs]').count();
  const rows = await table.locator('tbody tr').count();
  expect(differing, `${differing} of ${rows} rows marked`).toBeLessThan(rows / 2);

  // One shared price for both, as one types: (90 - 60) x 5 = $150 and (90 - 80) x 5 = $50 a month.
  await page.getByLabel('Your price').fill('90');
  await page.getByLabel('Clients').fill('5');
  const monthly = table.getByRole('row', { name: /^Monthly profit/ });
  await expect(monthly.getByRole('cell')).toHaveText(low === first.id ? ['$150', '$50'] : ['$50', '$150']);
  // Below what the second pays: the cell says so.
  await page.getByLabel('Your price').fill('70');
  await expect(table.getByRole('row', { name: /^Price check/ })).toContainText('Below what you pay ($80/mo)');
  await page.getByLabel('or markup %').fill('50');
  await expect(page.getByTestId('calculator-price-source')).toContainText('the markup is ignored');
  await page.getByLabel('Clients').fill('0');
  await expect(page.getByTestId('calculator-error')).toHaveText('Clients must be at least 1');
  await expect(monthly).toHaveCount(0);

  // The header row stays in view as the table scrolls.
  await page.getByLabel('Clients').fill('2');
  await table.evaluate((element) => element.scrollBy(0, 600));
  const header = table.getByTestId('compare-column').first();
  const [tableBox, headerBox] = [(await table.boundingBox())!, (await header.boundingBox())!];
  expect(Math.abs(headerBox.y - tableBox.y)).toBeLessThan(4);

  // Removing one leaves the other, still a link to share.
  await page.getByRole('link', { name: `Remove ${first.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${second.id}$`));
  await expect(page.getByTestId('compare-table').getByRole('link', { name: second.title, exact: true })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Compare keeps the results, the tray leads to the comparison, and a fifth id is named', async ({ page, createProvider, adminApi }) => {
    const { api } = await createProvider();
    const word = unique('Plain');
    const listing = await service(api, adminApi, `${word} Reports`, '120', terms);
    await page.goto(`/services?search=${encodeURIComponent(word)}`);
    await page.getByRole('article').filter({ hasText: listing.title }).getByRole('link', { name: 'Compare', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/services\\?search=${word}&compare=${listing.id}$`));
    const tray = page.getByTestId('compare-tray');
    await expect(tray).toContainText(listing.title);
    await tray.getByRole('link', { name: 'Compare 1' }).click();
    await expect(page).toHaveURL(/\/compare\?ids=\d+&from=/);
    await expect(page.getByTestId('compare-table').getByRole('link', { name: listing.title, exact: true })).toBeVisible();
    await expect(page.getByTestId('compare-back')).toHaveAttribute('href', new RegExp(`^/services\\?search=${word}&compare=${listing.id}$`));

    // The calculator's answer, with an error on the field typed wrong, lands on the figures.
    await page.getByLabel('Clients').fill('abc');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(/#compare-profit$/);
    await expect(page.getByTestId('calculator-error')).toHaveText('Enter a whole number of clients, e.g. 5');

    await page.goto(`/compare?ids=${listing.id},900001,900002,900003,900004`);
    await expect(page.getByTestId('compare-refused')).toContainText('At most 4 listings can be compared');
  });
});

test('the comparison at 375 and 1280 px', async ({ page, createProvider, adminApi }) => {
  const { api } = await createProvider();
  const word = unique('Screens');
  const ids = [];
  for (const [name, price, programme] of [
    ['Alpha', '120', terms],
    ['Beta', '150', { ...terms, wholesalePrice: '80', suggestedRetailPrice: '150' }],
    ['Gamma', '90', { ...terms, types: ['referral'], whiteLabel: [], billingModel: 'provider_bills_client', wholesalePrice: '', suggestedRetailPrice: '', commissionType: 'percent', commissionValue: '20', commissionMonths: 12 }],
  ] as const) {
    ids.push((await service(api, adminApi, `${word} ${name}`, price, programme)).id);
  }
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, `/compare?ids=${ids.join(',')}&clients=3`);
    await expect(page.getByTestId('compare-table')).toBeVisible();
    // The table scrolls within itself: the page is never wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `/tmp/compare-${width}.png` });
    if (width === 375) {
      // Read sideways on a phone, the label column stays at the left.
      const table = page.getByTestId('compare-table');
      await table.evaluate((element) => element.scrollBy(240, 400));
      const label = table.getByRole('rowheader').filter({ hasText: 'Commitment' });
      expect(Math.abs((await label.boundingBox())!.x - (await table.boundingBox())!.x)).toBeLessThan(4);
      await page.screenshot({ path: '/tmp/compare-375-scrolled.png' });
    }
    // The tray, on the results the comparison was built from.
    await open(page, `/services?search=${encodeURIComponent(word)}&compare=${ids.join(',')}`);
    await expect(page.getByTestId('compare-tray').getByRole('listitem')).toHaveCount(3);
    await expect(page.getByTestId('compare-tray')).toBeInViewport();
    await page.screenshot({ path: `/tmp/compare-tray-${width}.png` });
  }
});
