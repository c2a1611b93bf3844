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
  /** Creates an approved (default) or pending listing owned by a new provider, through the real API. */
  createListing: (input?: Partial<ListingInput> & { status?: 'approved' | 'pending' }) => Promise<Listing>;
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

async function firstCategoryId(request: APIRequestContext, type: ListingType) {
  const response = await request.get(`/api/categories?type=${type}`);
  const categories = (await response.json()) as { id: number }[];
  if (!categories[0]) throw new Error(`no ${type} categories: is the demo catalogue seeded?`);
  return categories[0].id;
}

export const test = base.extend<Fixtures & { failOnConsoleErrors: void }>({
  // A console error or an uncaught exception in the page fails the test that caused it.
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        // Chromium reports every non-2xx fetch as a console error; expected 401s (signed out) are not bugs.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
      });
      await use();
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

  createListing: async ({ baseURL, adminApi }, use) => {
    const providers: APIRequestContext[] = [];
    await use(async (input = {}) => {
      const provider = await playwrightRequest.newContext({ baseURL });
      providers.push(provider);
      await becomeProvider(provider, await registerUser(provider));
      const type = input.type ?? 'services';
      const { status = 'approved', ...fields } = input;
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
    for (const provider of providers) await provider.dispose();
  },
});

export { expect };

/** Sets the viewport to a phone's width (375 px) for the rest of the test. */
export async function onPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 812 });
}
