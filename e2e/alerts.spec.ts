import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, onPhone, test, unique } from './fixtures';
import { toastOf as toast } from './toast';

/** The one-click link of the newest mail to `to` with a List-Unsubscribe header, as a mail client reads it. */
async function unsubscribeLinkOf(to: string): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the mail catcher of playwright.config.ts did not start');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
        for (const file of files) {
          const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string[]; raw: string };
          if (!mail.to.includes(to.toLowerCase())) continue;
          // Long headers are folded over lines (RFC 5322): unfold before reading.
          const headers = mail.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
          const found = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(headers)?.[1];
          if (found && /^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click/im.test(headers)) link = found.replace(/\s+/g, '');
        }
        return link;
      },
      { timeout: 30_000, message: `an alert mail to ${to}` },
    )
    .toBeTruthy();
  return link!;
}

test('a member saves a filtered list as a search, finds it on the dashboard, renames it and changes how often it is mailed', async ({ page, signIn }) => {
  await signIn('member');
  await page.goto('/tools?minMargin=30');
  const alertMe = page.getByRole('button', { name: 'Alert me to new matches' });
  await alertMe.click();
  const dialog = page.getByRole('dialog', { name: 'Alert me to new matches' });
  // Closed with Escape, the dialog gives focus back to the button that opened it.
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(alertMe).toBeFocused();
  await alertMe.click();
  const name = unique('Resale tools');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Weekly').check();
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(toast(page)).toContainText('Search saved');

  await page.goto('/dashboard?tab=alerts');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name })).toHaveAttribute('href', '/tools?minMargin=30');
  await expect(row.getByLabel(`How often for ${name}`)).toHaveValue('weekly');

  await row.getByRole('button', { name: `Rename ${name}` }).click();
  const renamed = `${name} renamed`;
  // The name is a box in its row now, with its own Save.
  await page.getByLabel('Name of the saved search').fill(renamed);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const renamedRow = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: renamed }) });
  await expect(renamedRow).toBeVisible();
  await renamedRow.getByLabel(`How often for ${renamed}`).selectOption('daily');
  await page.reload();
  await expect(page.getByLabel(`How often for ${renamed}`)).toHaveValue('daily');

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await expect(toast(page)).toContainText('Saved search deleted');
  await expect(page.getByText('No saved searches yet.')).toBeVisible();
});

test('a favourite taken down shows on the dashboard and is mailed, and the mail’s unsubscribe link works without signing in', async ({ page, signIn, createProvider, createListing, browser }) => {
  const provider = await createProvider();
  const listing = await createListing({ type: 'tools', owner: provider.api });
  const member = await signIn('member');
  const favourite = await page.request.post(`/api/favorites/${listing.id}`);
  expect(favourite.status()).toBe(200);
  expect((await provider.api.delete(`/api/provider/tools/${listing.id}`)).status()).toBe(204);

  await onPhone(page);
  await page.goto('/dashboard?tab=alerts');
  await expect(page.getByText(`${listing.title} is no longer listed.`)).toBeVisible();

  const link = await unsubscribeLinkOf(member.email);
  // Opened in a browser that was never signed in, as from a mail client.
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
  await expect(visitor.getByText('You will no longer receive e-mails about changes to your favourites.')).toBeVisible();
  // A tampered link is refused.
  const tampered = await visitor.request.get(link.replace(/sig=[^&]+/, 'sig=forged'));
  expect(tampered.status()).toBe(400);
  await stranger.close();

  await page.reload();
  await expect(page.getByLabel('E-mail me')).toHaveValue('off');
});
