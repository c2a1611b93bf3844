import type { APIRequestContext } from '@playwright/test';
import type { Category, Listing } from '../src/shared/types';

/**
 * The pages the outside checks (axe-core, html-validate) look at: every public page of the demo
 * catalogue, with real listings, a provider, a category and a comparison.
 */
export async function publicPages(request: APIRequestContext): Promise<string[]> {
  const services = (await (await request.get('/api/services?limit=2')).json()) as Listing[];
  const tools = (await (await request.get('/api/tools?limit=1')).json()) as Listing[];
  const categories = (await (await request.get('/api/categories?type=services')).json()) as Category[];
  const [first, second] = services;
  if (!first || !second || !tools[0] || !categories[0]) throw new Error('the demo catalogue is not seeded');
  return [
    '/',
    '/tools',
    '/services',
    '/services?price=100-500&delivery=4-7&programme=referral',
    '/tools?search=seo',
    '/trending',
    '/categories',
    `/category/${categories[0].slug}`,
    `/service/${first.slug}`,
    `/tool/${tools[0].slug}`,
    `/company/${first.provider!.slug}`,
    `/compare?ids=${first.id},${second.id}`,
    '/auth',
    '/contact',
    '/privacy-policy',
    '/terms-conditions',
    '/no-such-page',
  ];
}

/** The demo accounts (docs/demo-data.md), for the dashboards with something in them. */
export const DEMO_MEMBER = { email: 'member@demo.test', password: 'demo1234' } as const;
export const DEMO_PROVIDER = { email: 'provider@demo.test', password: 'demo1234' } as const;
