import { expect, onPhone, test, waitForHydration } from './fixtures';

// The frame around every screen: header, search, mobile side panel, footer, legal and not-found
// pages (SPEC.md section 2).

test.describe('header', () => {
  test('the main navigation opens each listing screen', async ({ page }) => {
    await page.goto('/contact');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    for (const [label, path] of [
      ['Tools', '/tools'],
      ['Services', '/services'],
      ['Categories', '/categories'],
      ['Trending', '/trending'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('search opens the tools listing for a term and ignores a blank one', async ({ page }) => {
    await page.goto('/contact');
    const search = page.getByRole('searchbox', { name: 'Search tools and services...' });
    await search.fill('   ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/contact$/);
    await search.fill('email marketing');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/tools\?search=email(%20|\+)marketing$/);
  });

  test('a visitor gets List Your Service and a sign-in icon, both to /auth', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('banner').getByRole('link', { name: 'List Your Service' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/contact');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('takes its page title from the meta call', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
  });
});

test.describe('on a phone', () => {
  test('the side panel holds the navigation and closes on a choice', async ({ page }) => {
    await onPhone(page);
    await page.goto('/contact');
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    for (const label of ['Tools', 'Services', 'Categories', 'Trending']) await expect(panel.getByRole('link', { name: label })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'List Your Service' })).toBeVisible();
    await panel.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(panel).toBeHidden();

    // The keyboard alone: open, then Escape closes.
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test('the short search box searches the tools', async ({ page }) => {
    await onPhone(page);
    await page.goto('/contact');
    const search = page.getByRole('searchbox', { name: 'Search...' });
    await search.fill('seo');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/tools\?search=seo$/);
  });

  test('a signed-in member signs out from the side panel', async ({ page, signIn }) => {
    await onPhone(page);
    await signIn();
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel.getByRole('link', { name: 'My Favorites' })).toBeVisible();
    await panel.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('footer and static pages', () => {
  test('the footer links the legal pages and contact, with placeholders for what is to come', async ({ page }) => {
    await page.goto('/contact');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Success Stories')).toBeVisible();
    await expect(footer.getByText('Resources')).toBeVisible();
    // Every anchor in the footer leads somewhere: placeholders are text, not links without a destination.
    for (const anchor of await footer.locator('a').all()) await expect(anchor).toHaveAttribute('href', /^(\/|mailto:)/);
    await expect(footer.getByRole('link', { name: /Success Stories|Resources/ })).toHaveCount(0);
    // Each page is read before the next link is followed, as a person would: a link pressed while
    // the page is still arriving can move under the pointer.
    for (const [link, path, heading] of [
      ['Terms & Conditions', '/terms-conditions', 'Terms and Conditions'],
      ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
      ['Contact Us', '/contact', 'Contact Us'],
    ]) {
      await footer.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });

  test('a link in the footer opens the next page at its top, and Back returns to the foot of the page it left', async ({ page }) => {
    await page.goto('/terms-conditions');
    await waitForHydration(page);
    const footer = page.getByRole('contentinfo');
    const heading = page.getByRole('heading', { level: 1, name: 'Privacy Policy' });
    // Twice: the second time the page's code is already there and it is shown at once, with no
    // loading spinner in between to bring the window back up.
    for (const visit of [1, 2]) {
      await footer.getByRole('link', { name: 'Privacy Policy' }).click();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(heading, `visit ${visit}`).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY), `visit ${visit}`).toBe(0);

      await page.goBack();
      await expect(page).toHaveURL(/\/terms-conditions$/);
      await expect(footer.getByRole('link', { name: 'Privacy Policy' }), `back from visit ${visit}`).toBeInViewport();
    }
  });

  test('the terms state age, paid provider accounts, fees and renewals', async ({ page }) => {
    await page.goto('/terms-conditions');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
    await expect(main).toContainText('July 6, 2025');
    await expect(main).toContainText('at least 18 years old');
    await expect(main).toContainText('Providers need a paid account');
    await expect(main).toContainText('non-refundable');
    await expect(main).toContainText('renew automatically');
  });

  test('the privacy policy excludes children under 13', async ({ page }) => {
    await page.goto('/privacy-policy');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(main).toContainText('July 6, 2025');
    await expect(main).toContainText('not intended for children under 13');
  });

  test('an unknown address shows the not-found page with a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
