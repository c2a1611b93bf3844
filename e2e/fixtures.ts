import { type APIRequestContext, type Page, expect, test as base, request as playwrightRequest } from '@playwright/test';
import type { Listing, ListingType, User } from '../src/shared/types';
import { E2E_ADMIN } from './e2e-admin';

let counter = 0;
/** A value no other test (or earlier run) has used: for e-mails, titles, slugs. */
export const unique = (prefix = 'e2e') => `${prefix}-${Date.now().toString(36)}-${process.pid.toString(36)}${(++counter).toString(36)}`;

export const DEFAULT_PASSWORD = 'e2e-password';

type Role = 'member' | 'provider' | 'admin';

export type Fixtures = {
  /** Signs the page's browser context in as a new member/provider, or as the e2e administrator. */
  signIn: (role?: Role, overrides?: Partial<{ firstName: string; lastName: string; email: string }>) => Promise<User>;
  /** An API client signed in as the administrator, independent of the page. */
  adminApi: APIRequestContext;
  /** A new provider's own API client, to own several listings (pass it to createListing as `owner`). */
  createProvider: () => Promise<{ api: APIRequestContext; user: User }>;
  /** Creates an approved (default) or pending listing through the real API, owned by `owner` or else by a new provider. */
  createListing: (input?: Partial<ListingInput> & { status?: 'approved' | 'pending'; owner?: APIRequestContext }) => Promise<Listing>;
};

export type ListingInput = {
  type: ListingType;
  title: string;
  description: string;
  shortDescription: string;
  categoryId: number;
  price: string | null;
  priceType: 'fixed' | 'monthly' | 'hourly';
  deliveryTime: number;
  tags: string[];
  features: string[];
  websiteUrl: string;
};

/** Registers a fresh account through the API; the cookie lands in `request`'s cookie jar. */
export async function registerUser(request: APIRequestContext, overrides: Partial<{ firstName: string; lastName: string; email: string }> = {}) {
  const response = await request.post('/api/register', {
    data: { email: `${unique('user')}@example.test`, password: DEFAULT_PASSWORD, firstName: 'Erin', lastName: 'Tester', ...overrides },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as User;
}

/** Makes the signed-in account of `request` a provider, the product's own way: saving the provider profile. */
export async function becomeProvider(request: APIRequestContext, user: User) {
  const response = await request.patch('/api/profile', {
    data: { firstName: user.firstName, lastName: user.lastName, email: user.email, companyName: `${user.lastName} Studio`, isProvider: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as User;
}

/**
 * The 4xx answers the spec itself calls for, which Chromium logs as console errors. Anything else
 * (a 400 from a form the client should have validated, a 404 of an asset) fails the test; a 5xx
 * always does (it is reported by the response listener).
 */
const expectedHttpErrors: { status: number; path: RegExp; why: string }[] = [
  { status: 401, path: /^\/api\/auth\/user$/, why: 'a signed-out visitor on the plain client (serveClientShell): the session read answers 401' },
  { status: 401, path: /^\/api\/(services|tools)\/[^/]+\/favorite-status$/, why: 'the heart of a signed-out visitor' },
  { status: 401, path: /^\/api\/login$/, why: "'Login failed' with the server's message" },
  { status: 400, path: /^\/api\/profile\/(password|delete)$/, why: 'a wrong current password, shown on its field in the account settings' },
  { status: 409, path: /^\/api\/register$/, why: "'Registration failed': the e-mail is taken" },
  { status: 401, path: /^\/api\/profile$/, why: "profile save after the session ended: 'Please log in again to continue.'" },
  { status: 404, path: /^\/api\/(services|tools|providers|categories\/by-slug)\/[^/]+$/, why: 'the not-found states of a listing, company or category' },
  { status: 404, path: /^\/(?!api\/|assets\/)/, why: 'the not-found page: unknown page addresses answer 404 with the app' },
  { status: 400, path: /^\/api\/password-reset\/confirm$/, why: 'a one-time link that was already used or has expired' },
];

const hydrationProblem = /hydrat|did not match|Minified React error #(418|423|425)\b/i;

function isExpectedHttpError(status: number, url: string) {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return false;
  }
  return expectedHttpErrors.some((expected) => expected.status === status && expected.path.test(path));
}

async function firstCategoryId(request: APIRequestContext, type: ListingType) {
  const response = await request.get(`/api/categories?type=${type}`);
  const categories = (await response.json()) as { id: number }[];
  if (!categories[0]) throw new Error(`no ${type} categories: is the demo catalogue seeded?`);
  return categories[0].id;
}

export type Options = {
  /**
   * Whether `page.goto` and `page.reload` wait for the app to take over the page (the default, for
   * tests whose subject is something else). Off, the test acts as a person does, as soon as an
   * element is visible (e2e/early-actions.spec.ts).
   */
  waitsForHydration: boolean;
};

export const test = base.extend<Fixtures & Options & { failOnConsoleErrors: void }>({
  waitsForHydration: [true, { option: true }],

  // Every navigation waits for the app to take over the server's page before the test acts on it.
  page: async ({ page, javaScriptEnabled, waitsForHydration }, use) => {
    if (javaScriptEnabled !== false && waitsForHydration) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await waitForHydration(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },

  // A console error, an uncaught exception or a 5xx answer in the page fails the test that caused it.
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      // A 5xx the server really sent; a test that fulfils a 500 itself (to see the error toast) has
      // no server address on that response.
      const serverErrors: Promise<void>[] = [];
      page.on('response', (response) => {
        if (response.status() < 500) return;
        serverErrors.push(
          response.serverAddr().then((address) => {
            if (address) errors.push(`${response.status()} from ${response.request().method()} ${response.url()}`);
          }),
        );
      });
      page.on('console', (message) => {
        const text = message.text();
        // A server-rendered page the browser's first render does not match: React says so as a
        // warning in development and as errors #418/#423/#425 in production, then renders afresh.
        if (hydrationProblem.test(text)) return void errors.push(`hydration: ${text}`);
        if (message.type() !== 'error') return;
        // Chromium logs every non-2xx answer to the page as 'Failed to load resource: ... status of N'.
        const status = Number(/status of (\d{3})/.exec(text)?.[1]);
        if (text.startsWith('Failed to load resource') && (status >= 500 || isExpectedHttpError(status, message.location().url))) return;
        errors.push(`${text}${message.location().url ? ` (${message.location().url})` : ''}`);
      });
      await use();
      await Promise.all(serverErrors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],

  signIn: async ({ page }, use) => {
    await use(async (role = 'member', overrides = {}) => {
      if (role === 'admin') {
        const response = await page.request.post('/api/login', { data: E2E_ADMIN });
        expect(response.status(), await response.text()).toBe(200);
        return (await response.json()) as User;
      }
      const user = await registerUser(page.request, overrides);
      return role === 'provider' ? becomeProvider(page.request, user) : user;
    });
  },

  adminApi: async ({ baseURL }, use) => {
    const context = await playwrightRequest.newContext({ baseURL });
    const response = await context.post('/api/login', { data: E2E_ADMIN });
    expect(response.status(), await response.text()).toBe(200);
    await use(context);
    await context.dispose();
  },

  createProvider: async ({ baseURL }, use) => {
    const providers: APIRequestContext[] = [];
    await use(async () => {
      const api = await playwrightRequest.newContext({ baseURL });
      providers.push(api);
      return { api, user: await becomeProvider(api, await registerUser(api)) };
    });
    for (const provider of providers) await provider.dispose();
  },

  createListing: async ({ adminApi, createProvider }, use) => {
    await use(async (input = {}) => {
      const provider = input.owner ?? (await createProvider()).api;
      const type = input.type ?? 'services';
      const { status = 'approved', owner: _owner, ...fields } = input;
      const body = {
        title: unique(type === 'services' ? 'Service' : 'Tool'),
        description: 'A listing created by an end-to-end test.',
        shortDescription: 'Created by an end-to-end test.',
        categoryId: input.categoryId ?? (await firstCategoryId(provider, type)),
        price: '250',
        tags: ['e2e', 'testing'],
        features: ['First feature', 'Second feature'],
        ...(type === 'services' ? { priceType: 'fixed', deliveryTime: 5 } : { websiteUrl: '' }),
        ...fields,
        type,
      };
      const created = await provider.post(`/api/${type}`, { data: body });
      expect(created.status(), await created.text()).toBe(201);
      let listing = (await created.json()) as Listing;
      if (status === 'approved') {
        const approved = await adminApi.post(`/api/admin/${type}/${listing.id}/approve`);
        expect(approved.status(), await approved.text()).toBe(200);
        listing = { ...listing, status: 'approved' };
      }
      return listing;
    });
  },
});

export { expect };

/** Sets the viewport to a phone's width (375 px) for the rest of the test. */
export async function onPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 812 });
}

/**
 * Opens `path` the way a link inside the running app does, so the browser fetches the page's data
 * itself; a first visit brings its data with the server-rendered page and asks the API for
 * nothing. For tests that hold or change an API answer to see the loading or empty states. Starts
 * from the contact page, which reads no catalogue data.
 */
export async function openInApp(page: Page, path: string) {
  await page.goto('/contact');
  await waitForHydration(page);
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
}

/**
 * Waits until React has taken over the server-rendered page: every control in it (button, input,
 * select, textarea) belongs to React, which marks each node it hydrates; lazy parts hydrate once
 * their code has arrived. A control pressed before that does nothing, as for a person on a slow
 * phone; the tests act as someone who waits for the page. Pages without the app return at once.
 */
export async function waitForHydration(page: Page) {
  try {
    await hydrated(page);
  } catch (error) {
    // The page may leave by itself meanwhile (the sign-in notices go to /api/login after 500 ms):
    // there is nothing left to wait for, and the test reads wherever it went.
    if (error instanceof Error && /Execution context was destroyed/.test(error.message)) return;
    throw error;
  }
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root) return true;
    const owned = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber'));
    return Object.keys(root).some((key) => key.startsWith('__reactContainer')) && [...root.querySelectorAll('button, input, select, textarea')].every(owned);
  });
  // Effects run after the commit that hydrated the last of them.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/**
 * Serves every page as the plain client, as the server does when its render fails: the browser
 * renders from scratch and reads the API itself, the signed-in user included. For tests that
 * change an API answer the first render depends on.
 */
export async function serveClientShell(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const shell = (await response.text()).replace(/<div id="root">[\s\S]*<\/div>\s*<script type="application\/json" id="query-state">[\s\S]*?<\/script>/, '<div id="root"></div>');
      await route.fulfill({ response, body: shell });
    },
  );
}
