import sharp from 'sharp';
import { request as playwrightRequest, type Page } from '@playwright/test';
import type { Listing } from '../src/shared/types';
import { DEFAULT_PASSWORD, expect, onPhone, registerUser, test, unique } from './fixtures';
import { type CaughtMail, mailsTo } from '../test/mail-catcher';
import { recordToasts, toastOf as toast, toastSaid } from './toast';

// Members: favourites, reviews, contacting providers, the dashboard and profile with an
// avatar, and password recovery through the e-mailed link (SPEC.md sections 2, 4, 5 and 8).

const detailPath = (listing: Listing) => `/${listing.type === 'tools' ? 'tool' : 'service'}/${listing.slug}`;

/** Waits for the catcher to have received a mail for `to` that `matches`. */
async function waitForMail(to: string, matches: (mail: CaughtMail) => boolean): Promise<CaughtMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the mail catcher of playwright.config.ts did not start');
  let found: CaughtMail | undefined;
  await expect
    .poll(() => {
      found = mailsTo(dir, to).reverse().find(matches);
      return !!found;
    }, { message: `a mail to ${to}`, timeout: 15_000 })
    .toBe(true);
  return found!;
}

async function registerThroughTheForm(page: Page, firstName: string) {
  const email = `${unique('member')}@example.test`;
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Member');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page)).toContainText(`Welcome, ${firstName}!`);
  return email;
}

test.describe('favourites', () => {
  test('a new member saves a tool and a service, finds them grouped, and removes one', async ({ page, createListing }) => {
    const tool = await createListing({ type: 'tools' });
    const service = await createListing({ type: 'services' });
    await registerThroughTheForm(page, 'Fay');

    // Nothing saved yet: the empty state offers the catalogue.
    await page.goto('/favorites');
    await expect(page.getByText('No favorites yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Tools' })).toHaveAttribute('href', '/tools');
    await expect(page.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services');

    // The heart on the tool's own page (tools have no contact form).
    await page.goto(detailPath(tool));
    await expect(page.getByRole('heading', { level: 1, name: tool.title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Contact Provider' })).toHaveCount(0);
    const toolHeart = page.getByRole('button', { name: `Add ${tool.title} to favorites` });
    await toolHeart.click();
    await expect(toast(page)).toContainText('Added to favorites');
    await expect(toast(page)).toContainText('Service has been saved to your favorites.');
    await expect(page.getByRole('button', { name: `Remove ${tool.title} from favorites` })).toHaveAttribute('aria-pressed', 'true');

    // The heart on a card: the provider's profile lists the service.
    await page.goto(`/company/${service.provider!.id}`);
    await page.getByRole('button', { name: `Add ${service.title} to favorites` }).click();
    await expect(toast(page)).toContainText('Added to favorites');
    await expect(page.getByRole('button', { name: `Remove ${service.title} from favorites` })).toBeVisible();

    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: 'My Favorites', level: 1 })).toBeVisible();
    const tools = page.getByRole('region', { name: /Tools & Software/ });
    const services = page.getByRole('region', { name: /^Services/ });
    await expect(tools.getByRole('heading', { level: 2 })).toHaveText('Tools & Software1');
    await expect(services.getByRole('heading', { level: 2 })).toHaveText('Services1');
    await expect(tools.getByRole('link', { name: tool.title })).toBeVisible();
    await expect(services.getByRole('link', { name: service.title })).toBeVisible();

    await tools.getByRole('button', { name: `Remove ${tool.title} from favorites` }).click();
    await expect(toast(page)).toContainText('Removed from favorites');
    await expect(toast(page)).toContainText('Service has been removed from your favorites.');
    await expect(tools.getByText('No tools saved yet.')).toBeVisible();
    await expect(tools.getByRole('heading', { level: 2 })).toHaveText('Tools & Software0');
    await expect(services.getByRole('link', { name: service.title })).toBeVisible();

    // The dashboard counts and shows what is left.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome back, Fay!' })).toBeVisible();
    await expect(page.getByTestId('stat-favorites')).toHaveText('1');
    await expect(page.getByRole('region', { name: 'Recent favorites' }).getByRole('link', { name: service.title })).toBeVisible();

    // Categories lead to their pages with the type; Trending shows the trending services.
    await page.getByRole('tab', { name: 'Categories' }).click();
    const toolCategories = page.getByRole('region', { name: 'Tool Categories' }).getByRole('link');
    await expect(toolCategories.first()).toHaveAttribute('href', /^\/category\/[\w-]+\?type=tools$/);
    expect(await toolCategories.count()).toBeLessThanOrEqual(6);
    await expect(page.getByRole('region', { name: 'Service Categories' }).getByRole('link').first()).toHaveAttribute('href', /\?type=services$/);
    await page.getByRole('tab', { name: 'Trending' }).click();
    await expect(page.getByRole('heading', { name: 'Trending services' })).toBeVisible();
  });

  test('on a phone, with the keyboard alone, a member saves a service and finds it on /favorites', async ({ page, signIn, createListing }) => {
    const service = await createListing({ type: 'services' });
    await signIn();
    await onPhone(page);
    await page.goto(`/company/${service.provider!.id}`);
    const heart = page.getByRole('button', { name: `Add ${service.title} to favorites` });
    await heart.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page)).toContainText('Added to favorites');
    await page.goto('/favorites');
    const services = page.getByRole('region', { name: /^Services/ });
    await expect(services.getByRole('link', { name: service.title })).toBeVisible();
    // Nothing sticks out sideways at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('a visitor clicking a heart is asked to log in, then sent to sign in', async ({ page, createListing }) => {
    const service = await createListing({ type: 'services' });
    const toasts = await recordToasts(page);
    await page.goto(`/company/${service.provider!.id}`);
    await page.getByRole('button', { name: `Add ${service.title} to favorites` }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(toastSaid(toasts, 'Please log in', 'You need to be logged in to save favorites.'), toasts.join(' | ')).toBe(true);

    // The detail page's prompt has its own title.
    await page.goto(detailPath(service));
    await page.getByRole('button', { name: `Add ${service.title} to favorites` }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(toastSaid(toasts, 'Please sign in'), toasts.join(' | ')).toBe(true);
  });
});

test.describe('reviews and contacting a provider', () => {
  test('a member reviews a service, sees its rating change, and contacts its provider, who gets an e-mail', async ({ page, signIn, createListing }) => {
    const service = await createListing({ type: 'services' });
    const member = await signIn('member', { firstName: 'Rita', lastName: 'Reviewer' });
    await page.goto(detailPath(service));
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1, name: service.title }) });
    await expect(header).toContainText('No reviews');

    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toast(page)).toContainText('Review required');
    await expect(toast(page)).toContainText('Please write a review comment.');

    await page.getByLabel('Rating').click();
    await page.getByRole('option', { name: '4 stars' }).click();
    await page.getByLabel('Your review').fill('Clear plan, delivered on time.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toast(page)).toContainText('Review submitted');
    await expect(toast(page)).toContainText('Thank you for your feedback!');

    await expect(header).toContainText('4.0');
    await expect(header).toContainText('(1 review)');
    const reviews = page.getByRole('region', { name: /Reviews/ });
    await expect(reviews).toContainText('Rita Reviewer');
    await expect(reviews).toContainText('Clear plan, delivered on time.');

    // The contact form in the sidebar, filled in with the member's name and address.
    const form = page.getByRole('region', { name: 'Contact Provider' });
    await expect(form.getByLabel('Your email')).toHaveValue(member.email);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page)).toContainText('All fields required');
    await expect(toast(page)).toContainText('Please fill in all contact form fields.');

    await form.getByLabel('Message').fill('Could you start on a rebrand next month?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page)).toContainText('Message sent!');
    await expect(toast(page)).toContainText('Your message has been sent to the provider.');
    await expect(form.getByLabel('Message')).toHaveValue('');

    // The fixture's listing is the provider's own answer, which carries their address; public ones do not.
    const mail = await waitForMail(service.provider!.email!, (m) => m.subject === `New inquiry about "${service.title}"`);
    expect(mail.text).toContain('Could you start on a rebrand next month?');
    expect(mail.text).toContain(member.email);
  });
});

test.describe("a provider's own service", () => {
  test('shows a note where the contact form would be, and the server refuses a message to oneself', async ({ page, signIn, createListing }) => {
    await signIn('provider');
    const service = await createListing({ type: 'services', owner: page.request });
    await page.goto(detailPath(service));
    const contact = page.getByRole('region', { name: 'Contact Provider' });
    await expect(contact).toContainText('This is your listing: agencies send you their messages here.');
    await expect(contact.getByRole('link', { name: 'Leads in your dashboard' })).toHaveAttribute('href', '/provider');
    await expect(contact.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
    await expect(page.getByLabel('Your email')).toHaveCount(0);

    const sent = await page.request.post(`/api/services/${service.id}/contact`, { data: { name: 'Me', email: 'me@example.test', message: 'Hello me' } });
    expect(sent.status()).toBe(403);
    expect((await sent.json()).message).toContain('This is your own listing');
  });
});

test.describe('account settings', () => {
  test('a member changes the password, then deletes the account after being told what happens', async ({ page, signIn }) => {
    const member = await signIn('member', { firstName: 'Del', lastName: 'Eted' });
    await page.goto('/dashboard?tab=profile');
    const settings = page.getByRole('form', { name: 'Change password' });
    await settings.getByLabel('Current password').fill('not-the-password');
    await settings.getByLabel('New password', { exact: true }).fill('another-password');
    await settings.getByLabel('Confirm new password').fill('another-password');
    await settings.getByRole('button', { name: 'Change password' }).click();
    await expect(settings.getByText('That is not your current password.')).toBeVisible();

    await settings.getByLabel('Current password').fill(DEFAULT_PASSWORD);
    await settings.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page)).toContainText('Password changed');
    await expect(settings.getByLabel('Current password')).toHaveValue('');

    const deletion = page.getByRole('form', { name: 'Delete account' });
    await expect(deletion).toContainText('Your reviews are removed');
    await expect(deletion).toContainText('Messages you sent to providers stay with them');
    await deletion.getByLabel('Your password').fill('another-password');
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(toast(page)).toContainText('Account deleted');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: /log ?in|sign ?in/i }).first()).toBeVisible();

    const again = await page.request.post('/api/login', { data: { email: member.email, password: 'another-password' } });
    expect(again.status()).toBe(401);
  });
});

test.describe('profile', () => {
  test('a member edits the profile and uploads an avatar that then shows in the header menu', async ({ page, signIn }) => {
    await signIn('member', { firstName: 'Pia', lastName: 'Profile' });
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Profile' }).click();

    await page.getByLabel('Profile photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(toast(page)).toContainText('Invalid file type');
    await expect(toast(page)).toContainText('Please select an image file');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Website (optional)').fill('nope');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Invalid URL')).toBeVisible();

    const email = `${unique('profile')}@example.test`;
    await page.getByLabel('Email').fill(email);
    // Typed as people do, without the scheme: the form adds https:// rather than refusing it.
    await page.getByLabel('Website (optional)').fill('pia.example/about');
    await page.getByLabel('Company name (optional)').fill('Pia Partners');
    const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#e11d48' } }).png().toBuffer();
    await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page)).toContainText('Profile updated');
    await expect(page.getByText('Invalid URL')).toHaveCount(0);
    expect(((await (await page.request.get('/api/auth/user')).json()) as { website: string }).website).toBe('https://pia.example/about');

    const menu = page.getByRole('button', { name: 'Account menu' });
    await expect(menu.locator('img')).toHaveAttribute('src', /^\/api\/images\/[\w-]+$/);
    await menu.click();
    await expect(page.getByRole('menu')).toContainText(email);
  });
});

test.describe('password recovery', () => {
  test('Forgot password? e-mails a one-time link that sets a new password and signs in', async ({ page, baseURL }) => {
    // An existing account, signed in elsewhere: that session must end with the reset.
    const elsewhere = await playwrightRequest.newContext({ baseURL });
    const user = await registerUser(elsewhere, { firstName: 'Rosa', lastName: 'Reset' });

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog.getByRole('status')).toContainText('If an account exists for that email');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const mail = await waitForMail(user.email, (m) => m.subject.startsWith('Reset your'));
    const link = /(http\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('fresh-pass-1');
    await page.getByLabel('Confirm new password').fill('fresh-pass-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('fresh-pass-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(toast(page)).toContainText('Password updated');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Rosa!' })).toBeVisible();

    expect((await elsewhere.get('/api/auth/user')).status()).toBe(401);
    await elsewhere.dispose();

    // The link works once.
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('another-pass');
    await page.getByLabel('Confirm new password').fill('another-pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'invalid, has expired or was already used' })).toBeVisible();
  });
});
