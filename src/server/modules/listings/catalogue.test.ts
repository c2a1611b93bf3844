import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();

const provider = await createUser(app, db, { isProvider: true });
const otherProvider = await createUser(app, db, { isProvider: true });
const member = await createUser(app, db);
const admin = await createUser(app, db, { isAdmin: true });

const marketing = await createCategory(db, { type: 'services', name: 'Marketing' });
const seo = await createCategory(db, { type: 'services', name: 'SEO', parentId: marketing.id });
const localSeo = await createCategory(db, { type: 'services', name: 'Local SEO', parentId: seo.id });
const design = await createCategory(db, { type: 'services', name: 'Design' });
const crm = await createCategory(db, { type: 'tools', name: 'CRM' });

// createdAt spaced a minute apart so "newest" is unambiguous.
let minute = 0;
const at = () => new Date(Date.UTC(2026, 0, 1, 0, ++minute));
const service = (overrides: Parameters<typeof createListing>[1] extends infer T ? Partial<T> : never = {}) =>
  createListing(db, { type: 'services', providerId: provider.id, categoryId: design.id, createdAt: at(), priceType: 'fixed', ...overrides });

const cheap = await service({ title: 'Logo sketch', price: '50.00', deliveryTime: 2, rating: 3.5, categoryId: design.id });
const mid = await service({ title: 'Brand kit', price: '300.00', deliveryTime: 5, rating: 4.2 });
const pricey = await service({ title: 'SEO retainer', price: '2500.00', deliveryTime: 30, rating: 4.9, categoryId: seo.id, providerId: otherProvider.id });
const local = await service({ title: 'Map listings', price: '100.00', deliveryTime: 3, rating: 5, categoryId: localSeo.id });
const unpriced = await service({ title: 'Strategy call', price: null, deliveryTime: 1, categoryId: marketing.id });
const featured = await service({ title: 'Featured campaign', price: '800.00', deliveryTime: 10, isFeatured: true });
const pending = await service({ title: 'Pending thing', status: 'pending' });
const rejected = await service({ title: 'Rejected thing', status: 'rejected', rejectionReason: 'Too vague' });
const tool = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: crm.id, title: 'Pipeline CRM', createdAt: at() });

const liveServices = [featured, unpriced, local, pricey, mid, cheap];

const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
const ids = (res: { json: () => { id: number }[] }) => res.json().map((l) => l.id);

describe('GET /api/services and /api/tools', () => {
  it('lists live listings of the type only, featured first then newest, with the total', async () => {
    const res = await get('/api/services');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(liveServices.length));
    expect(ids(res)).toEqual(liveServices.map((l) => l.id));
    expect(res.json()[0]).toMatchObject({
      type: 'services',
      title: 'Featured campaign',
      isFeatured: true,
      status: 'approved',
      category: { name: design.name },
      provider: { id: provider.id, slug: provider.slug },
    });
    expect(res.json()[0]).not.toHaveProperty('searchVector');
    expect(res.json()[0].provider).not.toHaveProperty('email');

    const tools = await get('/api/tools');
    expect(ids(tools)).toEqual([tool.id]);
    expect(tools.headers['x-total-count']).toBe('1');
  });

  it('pages with limit and offset, keeping the total', async () => {
    const first = await get('/api/services?limit=4');
    const second = await get('/api/services?limit=4&offset=4');
    expect(ids(first)).toEqual(liveServices.slice(0, 4).map((l) => l.id));
    expect(ids(second)).toEqual(liveServices.slice(4).map((l) => l.id));
    expect(second.headers['x-total-count']).toBe(String(liveServices.length));
    const beyond = await get('/api/services?offset=100');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe(String(liveServices.length));
  });

  it('filters by a category including its subcategories at every depth', async () => {
    expect(ids(await get(`/api/services?categoryId=${marketing.id}`))).toEqual([unpriced.id, local.id, pricey.id]);
    expect(ids(await get(`/api/services?categoryId=${seo.id}`))).toEqual([local.id, pricey.id]);
    expect(ids(await get(`/api/services?categoryId=${localSeo.id}`))).toEqual([local.id]);
    const none = await get('/api/services?categoryId=999999');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('pages through a category tree in the default order and combines it with other filters', async () => {
    const first = await get(`/api/services?categoryId=${marketing.id}&limit=2`);
    const second = await get(`/api/services?categoryId=${marketing.id}&limit=2&offset=2`);
    expect(ids(first)).toEqual([unpriced.id, local.id]);
    expect(ids(second)).toEqual([pricey.id]);
    expect(second.headers['x-total-count']).toBe('3');
    const filtered = await get(`/api/services?categoryId=${marketing.id}&maxPrice=1000&rating=4.5`);
    expect(ids(filtered)).toEqual([local.id]);
    expect(filtered.headers['x-total-count']).toBe('1');
  });

  it('ends the category walk even when categories were made each other’s parent by mistake', async () => {
    const first = await createCategory(db, { type: 'services', name: 'Loop A' });
    const second = await createCategory(db, { type: 'services', name: 'Loop B', parentId: first.id });
    await db.update(categories).set({ parentId: second.id }).where(eq(categories.id, first.id));
    const inLoop = await service({ title: 'In a loop', categoryId: second.id });
    const res = await get(`/api/services?categoryId=${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([inLoop.id]);
    await db.delete(listings).where(eq(listings.id, inLoop.id));
  });

  it('sorts by rating, by number of reviews and by lowest price (without a price left out), then newest', async () => {
    // Unrated listings (rating 0) come last, the newer first; no listing has reviews, so the
    // reviews sort falls back on the rating.
    const byRating = [local, pricey, mid, cheap, featured, unpriced].map((l) => l.id);
    expect(ids(await get('/api/services?sort=rating'))).toEqual(byRating);
    expect(ids(await get('/api/services?sort=reviews'))).toEqual(byRating);
    const byPrice = await get('/api/services?sort=price');
    expect(ids(byPrice)).toEqual([cheap, local, mid, featured, pricey].map((l) => l.id));
    expect(byPrice.headers['x-total-count']).toBe('5');
    expect(ids(await get('/api/services?sort=price&search=seo'))).toEqual([pricey.id]);
  });

  it('says with a search how many live listings of the other type match its words, and nothing without words', async () => {
    const tools = await get('/api/tools?search=seo');
    expect([tools.headers['x-other-type-count'], tools.headers['x-other-type-count-exact']]).toEqual(['1', 'true']);
    const services = await get('/api/services?search=pipeline');
    expect(ids(services)).toEqual([]);
    expect(services.headers['x-other-type-count']).toBe('1');
    expect((await get('/api/services?search=nothingmatchesthis')).headers['x-other-type-count']).toBe('0');
    expect((await get('/api/services')).headers['x-other-type-count']).toBeUndefined();
  });

  it('filters by price band, leaving out listings without a price', async () => {
    expect(ids(await get('/api/services?minPrice=0&maxPrice=100'))).toEqual([local.id, cheap.id]);
    expect(ids(await get('/api/services?minPrice=100&maxPrice=500'))).toEqual([local.id, mid.id]);
    expect(ids(await get('/api/services?minPrice=2000'))).toEqual([pricey.id]);
    expect(ids(await get('/api/services?maxPrice=60.5'))).toEqual([cheap.id]);
  });

  it('filters by delivery days, minimum rating and provider, and combines filters', async () => {
    expect(ids(await get('/api/services?deliveryTime=1,2,3'))).toEqual([unpriced.id, local.id, cheap.id]);
    expect(ids(await get('/api/services?rating=4'))).toEqual([local.id, pricey.id, mid.id]);
    expect(ids(await get('/api/services?rating=5'))).toEqual([local.id]);
    expect(ids(await get(`/api/services?providerId=${otherProvider.id}`))).toEqual([pricey.id]);
    const combined = await get(`/api/services?categoryId=${marketing.id}&deliveryTime=1,2,3&rating=4&minPrice=50&maxPrice=500`);
    expect(ids(combined)).toEqual([local.id]);
    expect(combined.headers['x-total-count']).toBe('1');
  });

  it('treats empty parameters as not given', async () => {
    const res = await get('/api/services?search=&categoryId=&minPrice=&maxPrice=&deliveryTime=&rating=&providerId=&limit=&offset=');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(liveServices.map((l) => l.id));
  });

  it('answers 400 with a message, never 500, for bad filter values', async () => {
    const bad = [
      'categoryId=abc',
      'categoryId=1.5',
      'categoryId=-3',
      'categoryId=99999999999',
      'minPrice=cheap',
      'minPrice=-1',
      'maxPrice=1e20',
      'minPrice=500&maxPrice=100',
      'deliveryTime=1,,2',
      'deliveryTime=one',
      'deliveryTime=0',
      'rating=6',
      'rating=x',
      'limit=0',
      'limit=101',
      'limit=abc',
      'offset=-1',
      'status=live',
      `providerId=${'x'.repeat(101)}`,
      'search=a&search=b',
    ];
    for (const query of bad) {
      const res = await get(`/api/services?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toEqual(expect.any(String));
    }
  });
});

describe('listing statuses', () => {
  it('shows a provider asking for their own listings only the live ones', async () => {
    const res = await get(`/api/services?providerId=${provider.id}`, provider.cookie);
    expect(res.json().every((l: { status: string }) => l.status === 'approved')).toBe(true);
    expect(ids(res)).not.toContain(pending.id);
  });

  it('lets administrators list every status, or one', async () => {
    const all = await get('/api/services?status=all', admin.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe(String(liveServices.length + 2));
    expect(ids(all)).toEqual(expect.arrayContaining([pending.id, rejected.id]));
    expect(ids(await get('/api/services?status=pending', admin.cookie))).toEqual([pending.id]);
    const rejectedOnly = await get('/api/services?status=rejected', admin.cookie);
    expect(ids(rejectedOnly)).toEqual([rejected.id]);
    // A list holds summaries; the reason is in the whole listing (and in /api/admin/listings).
    expect(rejectedOnly.json()[0]).toMatchObject({ status: 'rejected' });
    expect((await get(`/api/services/${rejected.id}`, admin.cookie)).json().rejectionReason).toBe('Too vague');
  });

  it('refuses other statuses to visitors (401) and to members and providers (403)', async () => {
    for (const status of ['all', 'pending', 'rejected']) {
      expect((await get(`/api/services?status=${status}`)).statusCode).toBe(401);
      for (const user of [member, provider]) {
        const res = await get(`/api/services?status=${status}&providerId=${provider.id}`, user.cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toEqual(expect.any(String));
      }
    }
    // Asking for live listings explicitly is fine for anyone.
    expect((await get('/api/services?status=approved')).statusCode).toBe(200);
  });
});

describe('featured listings', () => {
  it('lists live featured listings of the type, newest first, within the limit', async () => {
    const newer = await service({ title: 'Newer featured', isFeatured: true });
    await service({ title: 'Hidden featured', isFeatured: true, status: 'pending' });
    const res = await get('/api/services/featured');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([newer.id, featured.id]);
    expect(ids(await get('/api/services/featured?limit=1'))).toEqual([newer.id]);
    expect((await get('/api/tools/featured')).json()).toEqual([]);
  });

  it('answers 400 for a bad limit', async () => {
    for (const limit of ['0', '25', 'many']) expect((await get(`/api/tools/featured?limit=${limit}`)).statusCode).toBe(400);
  });
});

describe('what a list carries of each listing', () => {
  it('answers summaries: an excerpt instead of the description, and none of the details only the listing page shows', async () => {
    const long = `${'A long and careful description of the work. '.repeat(450)}The end.`;
    const listing = await service({ title: 'Long read', description: long, shortDescription: null, features: ['One', 'Two'], websiteUrl: 'https://example.com' });
    const summaries = [
      ...(await get('/api/services?search=long%20read')).json(),
      ...(await get(`/api/services?providerId=${provider.id}&limit=50`)).json(),
      ...(await get(`/api/providers/${provider.slug}`)).json().listings,
    ].filter((l: { id: number }) => l.id === listing.id);
    expect(summaries).toHaveLength(3);
    for (const summary of summaries) {
      expect(summary.excerpt).toMatch(/^A long and careful description of the work\. A long/);
      expect(summary.excerpt.length).toBeLessThanOrEqual(201);
      expect(summary.excerpt.endsWith('…')).toBe(true);
      for (const detail of ['description', 'shortDescription', 'features', 'websiteUrl', 'screenshotUrl', 'rejectionReason']) expect(summary).not.toHaveProperty(detail);
    }
    expect(JSON.stringify(summaries[0]).length).toBeLessThan(1_500);

    // The listing's own page has it all, and the same excerpt.
    const whole = (await get(`/api/services/${listing.id}`)).json();
    expect(whole).toMatchObject({ description: long, features: ['One', 'Two'], websiteUrl: 'https://example.com', excerpt: summaries[0].excerpt });
  });

  it('uses the short description as the excerpt when there is one', async () => {
    const listing = await service({ title: 'Short and sweet', shortDescription: '  Logo, colours and type in a week.  ' });
    const [summary] = (await get('/api/services?search=short%20sweet')).json();
    expect(summary).toMatchObject({ id: listing.id, excerpt: 'Logo, colours and type in a week.' });
  });

  it('falls back to the description when the short description has no letter or digit (the card reads its start then)', async () => {
    // No-break and em spaces, which trimming removes: the excerpt is the description's.
    const blank = await service({ title: 'Blank line', description: 'Audits done by hand.', shortDescription: '\u00a0\u2003' });
    // Punctuation alone is kept, as before.
    const dash = await service({ title: 'Dash line', description: 'Never shown.', shortDescription: ' — ' });
    const excerptOf = async (search: string, id: number) =>
      ((await get(`/api/services?search=${search}`)).json() as { id: number; excerpt: string }[]).find((l) => l.id === id)?.excerpt;
    expect(await excerptOf('blank%20line', blank.id)).toBe('Audits done by hand.');
    expect(await excerptOf('dash%20line', dash.id)).toBe('—');
  });
});
