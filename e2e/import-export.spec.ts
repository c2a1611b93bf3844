import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { CategorySummary } from '../src/shared/types';
import { expect, test, unique } from './fixtures';
import { toastOf as toast } from './toast';

// An administrator brings a catalogue in from a CSV file and takes it out again.

const header = 'type,slug,title,description,category,price,priceType,deliveryTime,tags';

const pickFile = (page: Page, name: string, csv: string) =>
  page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });

test('an administrator previews a CSV file, fixes it, imports it and downloads the export', async ({ page, signIn, adminApi }) => {
  const categories = (await (await adminApi.get('/api/categories?type=services')).json()) as CategorySummary[];
  const category = categories[0]!.slug;
  const [first, second] = [unique('imported-service'), unique('imported-service')];
  const rows = (price: string) => [
    header,
    `services,${first},Imported audit ${first},"Brought in from a spreadsheet, with a comma",${category},${price},fixed,5,seo|audit`,
    `services,${second},Imported retainer ${second},Monthly help,${category},800,monthly,30,`,
  ];

  await signIn('admin');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Import / Export' }).click();
  await expect(page.getByRole('heading', { name: 'Import', exact: true })).toBeVisible();

  // A file with a mistake: the preview names the row and the column, and nothing can be imported.
  await pickFile(page, 'catalogue.csv', rows('about 300').join('\n'));
  await expect(page.getByText('1 error found. Nothing can be imported until the file is fixed.')).toBeVisible();
  const errorRow = page.getByRole('table', { name: 'Errors in the file' }).getByRole('row').nth(1);
  await expect(errorRow.getByRole('cell')).toHaveText(['2', 'price', 'Price must be a number with at most two decimals']);
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  // The corrected file: the preview counts what will happen, and the import does it.
  await pickFile(page, 'catalogue-fixed.csv', rows('300').join('\n'));
  await expect(page.getByText('Ready to import: 2 created, 0 updated, 0 unchanged.')).toBeVisible();
  expect((await adminApi.get(`/api/services/${first}`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(toast(page)).toContainText('Import complete');
  await expect(toast(page)).toContainText('2 created, 0 updated, 0 unchanged');

  const imported = await adminApi.get(`/api/services/${first}`);
  expect(imported.status()).toBe(200);
  expect(await imported.json()).toMatchObject({ title: `Imported audit ${first}`, price: '300.00', tags: ['seo', 'audit'], status: 'approved' });

  // The export has them, as a UTF-8 file with a byte-order mark.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Services CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^services-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await readFile((await download.path())!, 'utf8');
  expect(exported.startsWith('\uFEFFid,slug,type,status,title')).toBe(true);
  expect(exported).toContain(`,${second},services,approved,Imported retainer ${second},`);

  // The import is one entry of the activity log.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByText('imported listings from a CSV file: 2 created, 0 updated, 0 unchanged').first()).toBeVisible();
});
