import { expect, test } from './fixtures';
import { toastOf as toast } from './toast';

// Search never answers with a dead end: an administrator's synonym finds what a word stands for,
// and a search no listing has every word of shows those with fewer, saying so above the results.

/** A word of letters only that no other listing or run uses. */
const word = (prefix: string) => `${prefix}${Date.now().toString(36).replace(/[^a-z]/g, '')}${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`;

test('an administrator adds a synonym, and a search for it finds the listing it stands for', async ({ page, signIn, createListing }) => {
  const name = word('quorbel');
  const abbreviation = word('qb');
  const tool = await createListing({ type: 'tools', title: `${name} Planner`, description: 'Plans the week of an agency.' });
  await signIn('admin');
  await page.goto('/admin?tab=search');
  await expect(page.getByRole('heading', { name: 'Search synonyms' })).toBeVisible();
  // The seeded abbreviations are there on a fresh install.
  await expect(page.getByTestId('search-synonym').filter({ hasText: 'seo = search engine optimization' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Synonyms' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('One way: a search for a word or phrase also finds the terms').check();
  await dialog.getByLabel('Word or phrase searched for').fill(abbreviation.toUpperCase());
  await dialog.getByLabel('Also finds (comma-separated)').fill(`${name} planner`);
  await dialog.getByRole('button', { name: 'Save Synonyms' }).click();
  await expect(toast(page)).toContainText('Synonyms saved');
  const row = page.getByTestId('search-synonym').filter({ hasText: abbreviation });
  await expect(row).toContainText(`${abbreviation} → ${name} planner`);

  await page.goto(`/tools?search=${abbreviation}`);
  await expect(page.getByRole('link', { name: tool.title }).first()).toBeVisible();
  await expect(page.getByText('1 Tool Found', { exact: true })).toBeVisible();

  // Deleted, the abbreviation finds nothing again.
  await page.goto('/admin?tab=search');
  await page.getByRole('button', { name: `Delete synonyms of ${abbreviation}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Synonyms deleted');
  await expect(row).toHaveCount(0);
  await page.goto(`/tools?search=${abbreviation}`);
  await expect(page.getByText('0 Tools Found', { exact: true })).toBeVisible();
});

test('a search no listing has every word of shows those with fewer, and says so in the HTML the server sends', async ({ page, createListing }) => {
  const name = word('zentrify');
  const missing = word('nowhere');
  const tool = await createListing({ type: 'tools', title: `${name} Inbox`, description: 'Shared inbox for an agency.' });
  const search = `${name} inbox ${missing}`;
  const note = `No listing has all of ‘${search}’; showing those with ‘${name} inbox’`;

  const html = await (await page.request.get(`/tools?search=${encodeURIComponent(search)}`)).text();
  expect(html).toContain(note);

  await page.goto(`/tools?search=${encodeURIComponent(search)}`);
  await expect(page.getByTestId('relaxed-search')).toHaveText(note);
  await expect(page.getByRole('link', { name: tool.title }).first()).toBeVisible();
});
