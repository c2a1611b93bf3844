import type { APIRequestContext } from '@playwright/test';
import type { Listing } from '../src/shared/types';
import { expect, test, unique } from './fixtures';
import { type CaughtMail, mailsTo } from '../test/mail-catcher';
import { toastOf as toast } from './toast';

async function waitForMail(to: string, matches: (mail: CaughtMail) => boolean): Promise<CaughtMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the mail catcher of playwright.config.ts did not start');
  let found: CaughtMail | undefined;
  await expect.poll(() => ((found = mailsTo(dir, to).reverse().find(matches)), !!found), { message: `a mail to ${to}`, timeout: 15_000 }).toBe(true);
  return found!;
}

/** An administrator's listing for a company not on the directory, as the Create Content API makes it. */
async function unclaimedService(adminApi: APIRequestContext, domain: string | null): Promise<Listing> {
  const categories = (await (await adminApi.get('/api/categories?type=services')).json()) as { id: number }[];
  const response = await adminApi.post('/api/services', {
    data: {
      title: `Unclaimed ${unique('claim')}`,
      description: 'Dashboards for agencies, added by the directory.',
      categoryId: categories[0]!.id,
      priceType: 'fixed',
      deliveryTime: 7,
      unclaimedCompany: 'Claimable Co',
      ...(domain && { unclaimedWebsite: `https://www.${domain}` }),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Listing;
}

test.describe('claiming an unclaimed listing', () => {
  test('by a one-time link to an address at the company domain', async ({ page, signIn, adminApi }) => {
    const domain = `${unique('co')}.example`;
    const listing = await unclaimedService(adminApi, domain);
    await signIn('member');
    await page.goto(`/service/${listing.slug}`);
    const panel = page.getByRole('region', { name: 'Is this your company?' });
    await expect(panel).toContainText('This listing of Claimable Co was added by the directory');
    await panel.getByLabel('Your company email').fill('me@gmail.com');
    await panel.getByRole('button', { name: 'Email me a claim link' }).click();
    await expect(panel.getByRole('alert')).toContainText('free e-mail addresses cannot prove');
    const address = `owner@${domain}`;
    await panel.getByLabel('Your company email').fill(address);
    await panel.getByRole('button', { name: 'Email me a claim link' }).click();
    await expect(panel.getByRole('status')).toContainText(`We have sent a link to ${address}`);

    const mail = await waitForMail(address, (m) => m.subject.startsWith('Claim "'));
    const link = /(http\S+\/claim-listing\?token=\S+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Claim your listing' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm claim' }).click();
    await expect(toast(page)).toContainText('Listing claimed');
    await expect(page).toHaveURL(new RegExp(`/service/${listing.slug}$`));
    await expect(page.getByRole('region', { name: 'Is this your company?' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Claimable Co' }).first()).toBeVisible();
  });

  test('with evidence, approved by an administrator in the claims queue', async ({ page, browser, signIn, adminApi, baseURL }) => {
    const listing = await unclaimedService(adminApi, null);
    await signIn('member');
    await page.goto(`/service/${listing.slug}`);
    const panel = page.getByRole('region', { name: 'Is this your company?' });
    await expect(panel.getByLabel('Your company email')).toHaveCount(0);
    await panel.getByLabel('How are you connected to the company?').fill('I founded Claimable Co; the About page of our site names me.');
    await panel.getByRole('button', { name: 'Send claim for review' }).click();
    await expect(panel.getByRole('status')).toContainText('an administrator will review your claim');

    const adminContext = await browser.newContext({ baseURL });
    await adminContext.addCookies((await adminApi.storageState()).cookies);
    const admin = await adminContext.newPage();
    await admin.goto('/admin?tab=claims');
    const card = admin.getByRole('listitem', { name: `Claim of ${listing.title}` });
    await expect(card).toContainText('I founded Claimable Co');
    await card.getByRole('button', { name: 'Approve claim' }).click();
    await expect(toast(admin)).toContainText('Claim approved');
    await expect(card).toHaveCount(0);
    await adminContext.close();

    await page.reload();
    await expect(page.getByRole('region', { name: 'Is this your company?' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Claimable Co' }).first()).toBeVisible();
  });
});
