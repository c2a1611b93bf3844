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

test('a visitor builds a comparison from the cards, reads the differences and the profit at one price', async ({ page, createProvider, adminApi }) => {
  const { api } = await createProvider();
  const word = unique('Comparo');
  const first = await service(api, adminApi, `${word} Alpha Reports`, '120', terms);
  const second = await service(api, adminApi, `${word} Beta Reports`, '150', { ...terms, wholesalePrice: '80', suggestedRetailPrice: '150', trialDays: 0 });
  const [low, high] = [first.id, second.id].sort((a, b) => a - b);

  // The comparison so far holds the first listing; the second's card adds itself to it.
  await open(page, `/services?compare=${first.id}&search=${encodeURIComponent(`${word} Beta`)}`);
  const card = page.getByRole('article').filter({ hasText: second.title });
  await card.getByRole('link', { name: 'Compare', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${low},${high}$`));

  const table = page.getByTestId('compare-table');
  await expect(table.getByRole('link', { name: first.title, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: second.title, exact: true })).toBeVisible();
  // Prices and trials differ, delivery does not.
  await expect(table.getByRole('row', { name: /^Price \(differs\)/ })).toHaveAttribute('data-differs', 'true');
  await expect(table.getByRole('row', { name: /^Trial \(differs\)/ })).toContainText('14 days');
  await expect(table.getByRole('row', { name: /^Delivery/ })).not.toHaveAttribute('data-differs', 'true');

  // One shared price for both: (90 - 60) x 5 = $150 and (90 - 80) x 5 = $50 a month.
  await page.getByLabel('Your price').fill('90');
  await page.getByLabel('Clients').fill('5');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page).toHaveURL(/price=90/);
  const monthly = page.getByTestId('compare-table').getByRole('row', { name: /^Monthly profit/ });
  const cells = low === first.id ? ['$150', '$50'] : ['$50', '$150'];
  await expect(monthly.getByRole('cell')).toHaveText(cells);

  // Removing one leaves the other, still a link to share.
  await page.getByRole('link', { name: `Remove ${first.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${second.id}$`));
  await expect(page.getByTestId('compare-table').getByRole('link', { name: second.title, exact: true })).toBeVisible();
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
    await page.addStyleTag({ content: 'header { position: static !important; }' });
    await page.screenshot({ path: `/tmp/compare-${width}.png`, fullPage: true });
  }
});
