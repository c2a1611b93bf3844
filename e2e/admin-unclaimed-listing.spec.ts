import type { Listing } from '../src/shared/types';
import { expect, test, unique } from './fixtures';

// An administrator adds, from Create Content, a listing for a company not on the directory yet:
// it is live at once, with no provider, and its page asks "Is this your company?".
test('an administrator creates an unclaimed listing and its page asks "Is this your company?"', async ({ page, signIn, adminApi }) => {
  const title = `Unclaimed ${unique('admin')}`;
  await signIn('admin');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Create Content' }).click();
  await page.getByRole('button', { name: 'New unclaimed listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Service' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Short description').fill('Reporting dashboards for agencies.');
  await dialog.getByLabel('Description', { exact: true }).fill('Added by the directory until the company claims it.');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByLabel('Delivery time (days)').fill('5');
  await expect(dialog.getByRole('combobox', { name: 'Provider' })).toHaveCount(0);

  // The company's name is required: the form says so under the field.
  await dialog.getByRole('button', { name: 'Submit Service' }).click();
  await expect(dialog.getByText('Company name is required')).toBeVisible();
  await dialog.getByLabel('Company name').fill('Harbour Analytics');
  await dialog.getByLabel('Company website').fill('https://www.harbour-analytics.example');
  await dialog.getByRole('button', { name: 'Submit Service' }).click();
  await expect(dialog).toBeHidden();

  const found = (await (await adminApi.get(`/api/admin/listings?type=services&status=approved&search=${encodeURIComponent(title)}`)).json()) as Listing[];
  const listing = found.find((item) => item.title === title);
  expect(listing, 'the new listing is live').toBeTruthy();
  expect(listing!.provider).toBeNull();

  await page.goto(`/service/${listing!.slug}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Is this your company?' });
  await expect(panel).toContainText('This listing of Harbour Analytics was added by the directory');
});
