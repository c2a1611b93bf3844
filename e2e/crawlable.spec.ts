import type { APIRequestContext } from '@playwright/test';
import type { Listing } from '../src/shared/types';
import { expect, test, unique } from './fixtures';

// What makes the catalogue walkable by a crawler and shareable as a URL, seen with the script on:
// real forms and links underneath, the script taking over their submits and clicks.

test.describe('search and filters are GET forms the script takes over', () => {
  test('the header search is a form to /tools whose box has a name; the script navigates without a reload', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('banner').getByRole('search').filter({ visible: true });
    await expect(form).toHaveAttribute('method', 'get');
    await expect(form).toHaveAttribute('action', '/tools');
    const box = form.getByRole('searchbox', { name: 'Search tools and services...' });
    await expect(box).toHaveAttribute('name', 'search');

    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
    await box.fill('email marketing');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/tools\?search=email(%20|\+)marketing$/);
    await expect(page.getByRole('heading', { name: 'Search results for "email marketing"' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
  });

  test('the listing search keeps the filters, and the filters keep the search, as their forms would', async ({ page }) => {
    await page.goto('/services?price=100-500&delivery=4-7&page=2');
    const search = page.getByRole('main').getByRole('search');
    await expect(search).toHaveAttribute('action', '/services');
    // Without the script these hidden fields carry the filters along; the page number starts again.
    await expect(search.locator('input[type=hidden][name=price]')).toHaveValue('100-500');
    await expect(search.locator('input[type=hidden][name=delivery]')).toHaveValue('4-7');
    await expect(search.locator('input[name=page]')).toHaveCount(0);

    await search.getByRole('searchbox', { name: 'Search services' }).fill('audit');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/services\?search=audit&price=100-500&delivery=4-7$/);

    const filters = page.getByRole('form', { name: 'Filter results' });
    await expect(filters).toHaveAttribute('method', 'get');
    await expect(filters).toHaveAttribute('action', '/services#results'); // lands on the results, not the page's top
    await expect(filters.locator('input[type=hidden][name=search]')).toHaveValue('audit');
    await expect(filters.getByRole('radio', { name: '$100 - $500' })).toHaveAttribute('name', 'price');
    await expect(filters.getByRole('checkbox', { name: '4-7 days' })).toHaveAttribute('name', 'delivery');
    await expect(filters.getByRole('radio', { name: '4+ stars' })).toHaveAttribute('name', 'rating');
    await expect(filters.getByRole('combobox', { name: 'Category' })).toHaveAttribute('name', 'categoryId');
    // Each choice applies at once with the script, so the no-script Apply button is not shown.
    await expect(filters.getByRole('button', { name: 'Apply filters' })).toHaveCount(0);

    await filters.getByRole('radio', { name: '4+ stars' }).check();
    await expect(page).toHaveURL(/\/services\?search=audit&price=100-500&delivery=4-7&rating=4$/);
    await expect(page.getByRole('link', { name: 'Clear all' })).toHaveAttribute('href', '/services?search=audit');
    await page.getByRole('link', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/services\?search=audit$/);
    await expect(page.getByRole('heading', { name: 'Search results for "audit"' })).toBeVisible();
  });

  test('a link written by the filter form without the script shows the same results', async ({ page, createListing }) => {
    const title = `Formlink ${unique('svc')}`;
    await createListing({ type: 'services', title, price: '50', priceType: 'hourly', deliveryTime: 2 });
    // Blank choices and repeated delivery bands, exactly as a browser submits the form.
    await page.goto(`/services?search=${encodeURIComponent(title)}&categoryId=&price=under-100&delivery=1-3&delivery=15-34&rating=`);
    await expect(page.getByText('1 Service Found')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Under $100' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '1-3 days' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '2+ weeks' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Any rating' })).toBeChecked();
  });
});

test.describe('images', () => {
  async function demoListingWithImage(request: APIRequestContext) {
    const listings = (await (await request.get('/api/services?limit=24')).json()) as Listing[];
    const listing = listings.find((candidate) => candidate.imageUrl?.startsWith('/api/images/'));
    if (!listing) throw new Error('no demo service with a stored image: is the demo catalogue seeded?');
    return listing;
  }

  test('cards offer the fixed widths with their size, lazy below the first row', async ({ page }) => {
    await page.goto('/services');
    const images = page.getByRole('main').getByRole('article').locator('img');
    await expect(images.first()).toBeVisible();
    const first = images.first();
    await expect(first).toHaveAttribute('width', '800');
    await expect(first).toHaveAttribute('height', '450');
    await expect(first).toHaveAttribute('srcset', /^\/api\/images\/[\w-]+\?w=96 96w, .+\?w=800 800w$/);
    await expect(first).toHaveAttribute('sizes', /100vw$/);
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(images.nth(5)).toHaveAttribute('loading', 'lazy');
    // The browser picked a resized WebP, not the stored original.
    const chosen = await first.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(chosen).toMatch(/\?w=\d+$/);
    const response = await page.request.get(chosen);
    expect(response.headers()['content-type']).toBe('image/webp');
    expect(response.headers()['cache-control']).toContain('immutable');
  });

  test("the detail page's main image is fetched first and preloaded; the box keeps its shape", async ({ page }) => {
    const listing = await demoListingWithImage(page.request);
    await page.goto(`/service/${listing.slug}`);
    const image = page.getByRole('main').getByRole('img', { name: listing.title, exact: true });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('fetchpriority', 'high');
    await expect(image).not.toHaveAttribute('loading', 'lazy');
    // With a srcset the preload names its candidates, not one href (browsers pick from imagesrcset).
    const preload = page.locator(`head link[rel=preload][as=image][imagesrcset*="${listing.imageUrl}?w=320 320w"]`);
    await expect(preload).toHaveAttribute('fetchpriority', 'high');
    await expect(preload).toHaveAttribute('imagesizes', /100vw$/);
    const box = await image.boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
  });
});
