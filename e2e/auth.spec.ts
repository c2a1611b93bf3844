import { type Page, request as playwrightRequest } from '@playwright/test';
import { DEFAULT_PASSWORD, expect, registerUser, serveClientShell, test, unique } from './fixtures';
import { recordToasts, toastOf as toast, toastSaid } from './toast';

// Sign-in, registration, sign-out, the sign-in screen in front of signed-in areas, and the
// Complete Your Profile gate (SPEC.md sections 2, 4, 5 and 8).

/**
 * Holds the page's navigation to /api/logout until the test lets it go, so what the page shows
 * while signing out can be read; the navigation itself is real once released.
 */
async function holdLogoutNavigation(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/logout', async (route) => {
    if (route.request().isNavigationRequest()) await released;
    await route.continue();
  });
  return release;
}

/** An account made outside the page's browser, so the page itself starts signed out. */
async function existingAccount(baseURL: string | undefined) {
  const context = await playwrightRequest.newContext({ baseURL });
  const user = await registerUser(context, { firstName: 'Lin', lastName: 'Existing' });
  await context.dispose();
  return user;
}

test.describe('register', () => {
  test('shows the spec messages, then creates the account, welcomes and goes home', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

    const email = `${unique('register')}@example.test`;
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Company name (optional)').fill('Analytical Engines');
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(toast(page)).toContainText('Welcome, Ada!');
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toContainText(email);
  });

  test('says why registration failed when the e-mail is taken', async ({ page, baseURL }) => {
    const taken = await existingAccount(baseURL);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('First name').fill('Second');
    await page.getByLabel('Last name').fill('Account');
    await page.getByLabel('Email').fill(taken.email);
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page)).toContainText('Registration failed');
    await expect(toast(page)).toContainText('already exists');
    // Still on the Register tab, whose address says so (the tabs are links).
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
  });
});

test.describe('login', () => {
  test('validates, refuses a wrong password, then signs in and goes home after the welcome', async ({ page, baseURL }) => {
    const user = await existingAccount(baseURL);
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page)).toContainText('Login failed');
    await expect(toast(page)).toContainText('Invalid email or password');

    await page.getByLabel('Password').fill(DEFAULT_PASSWORD);
    // The keyboard alone: Enter submits.
    await page.getByLabel('Password').press('Enter');
    await expect(toast(page)).toContainText('Welcome back!');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  });

  test('/auth sends someone already signed in home', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('sign out', () => {
  test('the account menu shows who is signed in and signs them out', async ({ page, signIn }) => {
    const user = await signIn('member', { firstName: 'Grace', lastName: 'Hopper' });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('Grace Hopper');
    await expect(menu).toContainText(user.email);
    await expect(menu.getByRole('menuitem', { name: 'My Favorites' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Provider Dashboard' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);

    // While the navigation to /api/logout is pending Playwright cannot query the page, so the page
    // reports the menu item's label itself as it changes.
    const labels: string[] = [];
    await page.exposeFunction('reportSignOutItem', (label: string) => labels.push(label));
    await page.evaluate(() => {
      const report = (window as unknown as { reportSignOutItem: (label: string) => void }).reportSignOutItem;
      new MutationObserver(() => {
        const item = [...document.querySelectorAll('[role="menuitem"]')].find((element) => element.textContent?.includes('Logging out...'));
        if (item) report(`${item.textContent?.trim()} (aria-disabled=${item.getAttribute('aria-disabled')})`);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const releaseLogout = await holdLogoutNavigation(page);
    // The click waits for the navigation it starts, which is held: let it run alongside.
    const signingOut = menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => labels[0]).toBe('Logging out... (aria-disabled=true)');
    releaseLogout();
    await signingOut;
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'List Your Service' })).toBeVisible();
    // The toast is asked for before the page leaves and shown once by the page it arrives at.
    await expect(toast(page)).toContainText('Logged out');
    await expect(toast(page)).toContainText('You have been successfully logged out.');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(toast(page)).toHaveCount(0);
  });

  test('providers and administrators see their dashboards in the header', async ({ page, signIn }) => {
    await signIn('provider');
    await page.goto('/contact');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Provider Dashboard' })).toHaveAttribute('href', '/provider');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Provider Dashboard' })).toBeVisible();
    await page.keyboard.press('Escape');

    await signIn('admin');
    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe('signed-in areas', () => {
  for (const path of ['/dashboard', '/admin']) {
    test(`${path} shows the sign-in screen to a visitor`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Register' })).toBeVisible();
      await page.waitForTimeout(700);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  const notices = [
    ['/provider', 'Unauthorized', 'You need to be logged in to access the provider dashboard.'],
    ['/favorites', 'Please log in', 'You need to be logged in to view your favorites.'],
  ] as const;
  for (const [path, title, description] of notices) {
    test(`${path} tells a visitor to sign in, then goes to the sign-in page`, async ({ page }) => {
      const toasts = await recordToasts(page);
      await page.goto(path);
      // /api/login after 500 ms, which answers with the sign-in page.
      await expect(page).toHaveURL(/\/auth$/);
      expect(toastSaid(toasts, title, description), toasts.join(' | ')).toBe(true);
      await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    });

    test(`${path} shows its notice before leaving even when the toasts' code is slow to arrive`, async ({ page }) => {
      // The toasts' region is loaded with the first toast; a slow phone can take longer than the
      // 500 ms delay to fetch it, and the notice must not leave with the page unseen.
      const toasts = await recordToasts(page);
      await page.route(/\/assets\/toaster-[^/]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/, { timeout: 10_000 });
      expect(toastSaid(toasts, title, description), toasts.join(' | ')).toBe(true);
    });
  }

  test('signing in there stays on the page asked for', async ({ page, baseURL }) => {
    const user = await existingAccount(baseURL);
    await page.goto('/dashboard');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toHaveCount(0);
    await page.waitForTimeout(700);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('Complete Your Profile', () => {
  test('replaces the page until the profile has a name, then reloads complete', async ({ page, signIn }) => {
    const user = await signIn('member', { firstName: 'Kim', lastName: 'Complete' });
    // No public route leaves a name blank (registration requires both), so the session's first
    // answer is made to lack one, as an account created elsewhere would; the page is the plain
    // client, so that answer comes from the API rather than inside the server-rendered page.
    await serveClientShell(page);
    await page.route('**/api/auth/user', (route) => route.fulfill({ json: { ...user, firstName: null } }), { times: 1 });
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
    // It replaces everything: the page, and the header and footer around it.
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    const email = page.getByLabel('Email');
    await email.fill('not-an-address');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Valid email is required')).toBeVisible();

    await page.getByLabel('Profile photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(toast(page)).toContainText('Invalid file type');
    await expect(toast(page)).toContainText('Please select an image file');

    await page.getByLabel('Profile photo').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(toast(page)).toContainText('File too large');
    await expect(toast(page)).toContainText('Please select an image under 5MB');

    const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pixel });
    await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();

    await page.getByLabel('First name').fill('Kim');
    await email.fill(user.email);
    await page.getByLabel('Website (optional)').fill('https://kim.example.test');
    // Hold the save until the pending label has been read.
    let releaseSave!: () => void;
    const saveReleased = new Promise<void>((resolve) => (releaseSave = resolve));
    await page.route('**/api/profile', async (route) => {
      await saveReleased;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(page.getByRole('button', { name: 'Completing Profile...' })).toBeDisabled();
    releaseSave();
    await expect(toast(page)).toContainText('Profile completed!');
    await page.waitForEvent('load');
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();

    const saved = await (await page.request.get('/api/auth/user')).json();
    expect(saved).toMatchObject({ firstName: 'Kim', website: 'https://kim.example.test' });
    expect(saved.profileImageUrl).toMatch(/^\/api\/images\//);
  });

  test('offers a way to sign out instead', async ({ page, signIn }) => {
    const user = await signIn();
    await serveClientShell(page);
    await page.route('**/api/auth/user', (route) => route.fulfill({ json: { ...user, firstName: null } }), { times: 1 });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'List Your Service' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('a lost session on saving asks to log in again', async ({ page, signIn }) => {
    const user = await signIn();
    await serveClientShell(page);
    await page.route('**/api/auth/user', (route) => route.fulfill({ json: { ...user, lastName: null } }), { times: 1 });
    const toasts = await recordToasts(page);
    await page.goto('/contact');
    await page.getByLabel('Last name').fill('Again');
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(toastSaid(toasts, 'Unauthorized', 'Please log in again to continue.'), toasts.join(' | ')).toBe(true);
  });
});
