import { expect, test, unique } from './fixtures';

// The admin's Site tab: a new site name is what the home page shows on reload, the old one gone.
test('an administrator renames the site and the home page shows the new name on reload', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/admin?tab=site');
  const form = page.getByTestId('site-settings');
  const siteName = form.getByLabel('Site name');
  const before = await siteName.inputValue();
  const name = unique('Resell Hub');

  // A pale accent is refused on its field, with the ratio it has.
  await form.getByLabel('Accent colour', { exact: true }).fill('#a5b4fc');
  await form.getByRole('button', { name: 'Save Site settings' }).click();
  await expect(form.getByText(/contrast of 1\.\d\d:1 .*at least 4\.5:1/)).toBeVisible();
  await form.getByLabel('Accent colour', { exact: true }).fill('#0f766e');

  await siteName.fill(name);
  await form.getByRole('button', { name: 'Save Site settings' }).click();
  await expect(page.getByText('Site settings saved', { exact: true })).toBeVisible();

  await page.goto('/');
  await page.reload();
  await expect(page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()} ${name}. All rights reserved.`)).toBeVisible();
  await expect(page.getByRole('banner').getByText(name)).toBeVisible();
  await expect(page.getByText(before, { exact: true })).toHaveCount(0);

  // Put the brand back: other specs read the default one.
  await page.goto('/admin?tab=site');
  const again = page.getByTestId('site-settings');
  await again.getByLabel('Site name').fill(before);
  await again.getByLabel('Accent colour', { exact: true }).fill('#4f46e5');
  await again.getByRole('button', { name: 'Save Site settings' }).click();
  await expect(page.getByRole('banner').getByText(before, { exact: true })).toBeVisible({ timeout: 20_000 });
});
