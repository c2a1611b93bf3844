import type { APIRequestContext } from '@playwright/test';
import type { Category, ListingType } from '../src/shared/types';
import { expect, onPhone, openInApp, test, unique } from './fixtures';

// The public catalogue as a signed-out visitor sees it (SPEC.md sections 2, 8 and 9).

/** A fresh top-level category, so a test knows exactly what is listed in it. */
async function createCategory(adminApi: APIRequestContext, type: ListingType, fields: Partial<Category> = {}) {
  const name = `Category ${unique('cat')}`;
  const response = await adminApi.post('/api/categories', {
    data: { name, slug: unique('category'), type, description: 'A category made by an end-to-end test.', icon: 'bar-chart-3', ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Category;
}

async function totalOf(request: APIRequestContext, type: ListingType) {
  const response = await request.get(`/api/${type}?limit=1`);
  expect(response.ok()).toBe(true);
  return Number(response.headers()['x-total-count']);
}

test.describe('home', () => {
  test('shows the fixed figures, featured services, categories and the way to browse', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('SaaS');
    await expect(page.getByText('Trusted by 1000+ agencies')).toBeVisible();
    const figures = page.getByRole('region', { name: 'The directory in numbers' });
    const fixedFigures: [string, string][] = [
      ['300+', 'Active Services'],
      ['150+', 'Trusted Providers'],
      ['25+', 'Categories'],
      ['99%', 'Success Rate'],
    ];
    for (const [value, label] of fixedFigures) {
      await expect(figures.getByText(value, { exact: true })).toBeVisible();
      await expect(figures.getByText(label, { exact: true })).toBeVisible();
    }

    const featured = page.getByRole('region', { name: 'Featured Services' });
    await expect(featured.getByRole('article').first()).toBeVisible();
    expect(await featured.getByRole('article').count()).toBeLessThanOrEqual(6);

    const categories = page.getByRole('region', { name: 'Browse by Category' });
    await expect(categories.getByRole('article').first()).toBeVisible();
    expect(await categories.getByRole('article').count()).toBeLessThanOrEqual(8);
    const topLevel = ((await (await page.request.get('/api/categories')).json()) as Category[]).filter((category) => category.parentId === null);
    await expect(page.getByRole('link', { name: 'View All Categories' })).toHaveCount(topLevel.length > 8 ? 1 : 0);

    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Browse Tools' }).click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByRole('heading', { name: 'SaaS Tools', level: 1 })).toBeVisible();
    await page.goBack();
    await main.getByRole('link', { name: 'Browse Services' }).click();
    await expect(page.getByRole('heading', { name: 'SaaS Services', level: 1 })).toBeVisible();
  });

  test('searches the tools from the hero', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('main').getByRole('searchbox', { name: 'Search tools and services' });
    await search.fill('analytics');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/tools\?search=analytics$/);
    await expect(page.getByRole('heading', { name: 'Search results for "analytics"' })).toBeVisible();
  });
});

test.describe('tools and services listings', () => {
  test('finds a tool by its name even when the search is misspelt', async ({ page, createListing }) => {
    const title = `Zephyrlytics ${unique('tool')}`;
    await createListing({ type: 'tools', title, price: '29' });

    await page.goto('/tools');
    await expect(page.getByRole('heading', { name: 'All Tools' })).toBeVisible();
    await expect(page.getByText(/^[\d,]+ Tools? Found$/)).toBeVisible();

    const main = page.getByRole('main');
    const search = main.getByRole('searchbox', { name: 'Search tools', exact: true });
    await search.fill('zephyrlitics');
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/search=zephyrlitics/);
    await expect(page.getByRole('heading', { name: 'Search results for "zephyrlitics"' })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByText('$29', { exact: true })).toBeVisible();
    await expect(card.getByText('No reviews')).toBeVisible();

    // One word that nothing has: a search of several words would show the listings with some of them.
    await search.fill('qqqxxzzq');
    await search.press('Enter');
    await expect(page.getByText('Try adjusting your search terms or filters')).toBeVisible();
    await expect(page.getByText('0 Tools Found')).toBeVisible();
  });

  test('filters by price, delivery and rating through the URL, and back undoes a filter', async ({ page, adminApi, createListing }) => {
    const category = await createCategory(adminApi, 'services');
    const cheap = await createListing({ type: 'services', categoryId: category.id, price: '50', priceType: 'hourly', deliveryTime: 2, tags: ['alpha', 'beta', 'gamma', 'delta', 'epsilon'] });
    const dear = await createListing({ type: 'services', categoryId: category.id, price: '3000', priceType: 'fixed', deliveryTime: 20 });

    await page.goto(`/services?categoryId=${category.id}`);
    await expect(page.getByText('2 Services Found')).toBeVisible();
    const cheapCard = page.getByRole('article').filter({ hasText: cheap.title });
    await expect(cheapCard.getByText('$50/hour')).toBeVisible();
    await expect(cheapCard.getByText('+2 more')).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: dear.title }).getByText('Starting at $3,000')).toBeVisible();

    await page.getByRole('radio', { name: 'Under $100' }).check();
    await expect(page).toHaveURL(/price=under-100/);
    await expect(page.getByText('1 Service Found')).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: dear.title })).toHaveCount(0);

    await page.getByRole('radio', { name: 'Any price' }).check();
    await page.getByRole('checkbox', { name: '2+ weeks' }).check();
    await expect(page).toHaveURL(/delivery=15-34/);
    await expect(page.getByText('1 Service Found')).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: dear.title })).toBeVisible();

    await page.getByRole('radio', { name: '4+ stars' }).check();
    await expect(page.getByText('Try adjusting your search terms or filters')).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('radio', { name: 'Any rating' })).toBeChecked();
    await expect(page.getByRole('article').filter({ hasText: dear.title })).toBeVisible();

    await page.getByRole('link', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { name: 'All Services' })).toBeVisible();
  });

  test('pages through the catalogue 24 at a time, keeping the page in the URL', async ({ page }) => {
    const type: ListingType = (await totalOf(page.request, 'services')) > 24 ? 'services' : 'tools';
    test.skip((await totalOf(page.request, type)) <= 24, 'the demo catalogue has fewer than 25 listings of each type');

    await page.goto(`/${type}`);
    await expect(page.getByRole('article')).toHaveCount(24);
    const firstOnPageOne = await page.getByRole('article').first().getByRole('heading').textContent();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');

    await pagination.getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('article').first().getByRole('heading')).not.toHaveText(firstOnPageOne ?? '');

    await page.reload();
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await pagination.getByRole('link', { name: /Previous/ }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(firstOnPageOne ?? '');
  });

  test('an empty catalogue says nothing is available yet, not to adjust filters', async ({ page }) => {
    // The demo catalogue always has tools, and other tests add more; the API's answer is made
    // empty here so the unfiltered empty state can be seen without deleting anyone's data.
    await page.route(
      (url) => url.pathname === '/api/tools',
      (route) => route.fulfill({ json: [], headers: { 'x-total-count': '0' } }),
    );
    await openInApp(page, '/tools');
    await expect(page.getByRole('heading', { name: 'All Tools' })).toBeVisible();
    await expect(page.getByText('No tools are available at the moment')).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms or filters')).toHaveCount(0);
    await expect(page.getByText('0 Tools Found')).toBeVisible();
  });

  test('on a phone the filters fold away behind a Filters button', async ({ page }) => {
    await onPhone(page);
    await page.goto('/services');
    // A native disclosure (<details>), so it opens without the script as well.
    const toggle = page.getByRole('complementary', { name: 'Filters' }).locator('summary');
    await expect(toggle).toHaveText(/^Filters/);
    await expect(page.getByRole('radio', { name: 'Under $100' })).toBeHidden();
    await toggle.press('Enter');
    await expect(page.getByRole('radio', { name: 'Under $100' })).toBeVisible();
    await page.getByRole('radio', { name: '$2,000+' }).check();
    await expect(page).toHaveURL(/price=2000-plus/);
    await expect(toggle).toHaveText('Filters (1)');
    // The script applies each choice at once: the no-script Apply button is gone.
    await expect(page.getByRole('button', { name: 'Apply filters' })).toHaveCount(0);
    await toggle.click();
    await expect(page.getByRole('radio', { name: 'Under $100' })).toBeHidden();
  });

  test('on a wide screen the filters are always open, without a Filters toggle', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByRole('complementary', { name: 'Filters' }).locator('summary')).toBeHidden();
    await expect(page.getByRole('radio', { name: 'Under $100' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: '1-3 days' })).toBeVisible();
  });
});

test('a card is one tab stop and opens with the keyboard', async ({ page, createListing }) => {
  const listing = await createListing({ type: 'tools', title: `Keyboard ${unique('tool')}` });
  await page.goto(`/tools?search=${encodeURIComponent(listing.title)}`);
  const link = page.getByRole('article').filter({ hasText: listing.title }).getByRole('link', { name: listing.title, exact: true });
  await expect(link).toBeVisible();
  // Tab from the search button onwards until the card's link has focus, as a keyboard user would.
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).focus();
  for (let presses = 0; presses < 30 && !(await link.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: listing.title, level: 1 })).toBeVisible();
});

test.describe('categories', () => {
  test('lists the top-level categories of both kinds with their subcategories', async ({ page, adminApi }) => {
    const parent = await createCategory(adminApi, 'tools');
    const child = await createCategory(adminApi, 'tools', { parentId: parent.id });

    await page.goto('/categories');
    await expect(page.getByRole('heading', { name: 'Browse Categories', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Service Categories' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tool Categories' })).toBeVisible();
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: parent.name, exact: true }) });
    await expect(card.getByRole('listitem').filter({ hasText: child.name })).toBeVisible();
    // A subcategory is a bullet of its parent, never a card of its own.
    await expect(page.getByRole('heading', { name: child.name, exact: true })).toHaveCount(0);

    await card.getByRole('link', { name: parent.name }).click();
    await expect(page).toHaveURL(new RegExp(`/category/${parent.slug}\\?type=tools$`));
    await expect(page.getByRole('heading', { name: parent.name, level: 1 })).toBeVisible();
  });

  test('a category page lists its listings, searches them and shows its extra content', async ({ page, adminApi, createListing }) => {
    const category = await createCategory(adminApi, 'services', { bottomContent: '<h2>Choosing a provider</h2><p>Ask for <strong>references</strong>.</p>' });
    const listing = await createListing({ type: 'services', categoryId: category.id, price: null });

    await page.goto(`/category/${category.slug}?type=services`);
    await expect(page.getByRole('heading', { name: category.name, level: 1 })).toBeVisible();
    await expect(page.getByText('A category made by an end-to-end test.')).toBeVisible();
    await expect(page.getByRole('heading', { name: '1 Service Found' })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: listing.title });
    await expect(card.getByText('Contact for pricing')).toBeVisible();
    await expect(page.locator('.rich-text').getByRole('heading', { name: 'Choosing a provider' })).toBeVisible();
    await expect(page.locator('.rich-text strong')).toHaveText('references');

    await page.getByRole('searchbox', { name: `Search ${category.name}` }).fill('nothing matches this zzzqqq');
    await page.getByRole('searchbox', { name: `Search ${category.name}` }).press('Enter');
    await expect(page.getByText('No services found')).toBeVisible();
    await expect(page).toHaveURL(/type=services/);

    await page.goto(`/category/${category.slug}?type=services&search=${encodeURIComponent(listing.title)}`);
    await expect(page.getByRole('searchbox', { name: `Search ${category.name}` })).toHaveValue(listing.title);
    await expect(card).toBeVisible();

    await card.getByRole('link', { name: listing.title }).click();
    await expect(page).toHaveURL(new RegExp(`/service/${listing.slug}$`));
  });

  test('loading shows 8 category placeholders, and 6 card placeholders on a category page', async ({ page, adminApi }) => {
    const category = await createCategory(adminApi, 'tools');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Hold the category reads until the placeholders have been counted.
    await page.route(
      (url) => url.pathname.startsWith('/api/categories'),
      async (route) => {
        await released;
        await route.continue();
      },
    );

    await openInApp(page, '/categories');
    await expect(page.getByTestId('category-card-skeleton')).toHaveCount(8);
    release();
    await expect(page.getByRole('heading', { name: 'Tool Categories' })).toBeVisible();
    await expect(page.getByTestId('category-card-skeleton')).toHaveCount(0);

    let releaseCategory!: () => void;
    const categoryReleased = new Promise<void>((resolve) => (releaseCategory = resolve));
    await page.route(`**/api/categories/by-slug/${category.slug}*`, async (route) => {
      await categoryReleased;
      await route.continue();
    });
    await openInApp(page, `/category/${category.slug}?type=tools`);
    const placeholders = page.getByRole('status', { name: 'Loading' }).locator('> div > *');
    await expect(placeholders).toHaveCount(6);
    releaseCategory();
    await expect(page.getByRole('heading', { name: category.name, level: 1 })).toBeVisible();
    await expect(page.getByText('No tools found')).toBeVisible();
  });

  test('a category that does not exist says so and links home', async ({ page }) => {
    await page.goto('/category/no-such-category-anywhere?type=tools');
    await expect(page.getByRole('heading', { name: 'Category Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('listing detail and company', () => {
  test('a service shows everything a buyer needs and links to its provider', async ({ page, createListing }) => {
    const listing = await createListing({
      type: 'services',
      price: '1500',
      priceType: 'fixed',
      deliveryTime: 7,
      features: ['Keyword research', 'Monthly report'],
      tags: ['seo', 'reporting'],
    });

    await page.goto(`/service/${listing.slug}`);
    await expect(page.getByRole('heading', { name: listing.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: "What's Included" })).toBeVisible();
    await expect(page.getByText('Keyword research')).toBeVisible();
    await expect(page.getByText('Monthly report')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tags' }).getByText('reporting')).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Pricing and provider' });
    await expect(sidebar.getByText('Starting at $1,500')).toBeVisible();
    await expect(sidebar.getByText('7 days')).toBeVisible();
    await expect(page.getByText('No reviews yet. Be the first to share your experience.')).toBeVisible();

    // The same screen answers to the id.
    await page.goto(`/service/${listing.id}`);
    await expect(page.getByRole('heading', { name: listing.title, level: 1 })).toBeVisible();

    await page.getByRole('link', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(/\/company\//);
    await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All (1)' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('article').filter({ hasText: listing.title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Stats' }).getByText('0.0')).toBeVisible();
    await page.getByRole('tab', { name: 'Tools (0)' }).click();
    await expect(page.getByText('No tools yet')).toBeVisible();
    await page.getByRole('tab', { name: 'Services (1)' }).click();
    await expect(page.getByRole('article').filter({ hasText: listing.title })).toBeVisible();
  });

  test('a tool shows its plain price and website, and back returns to the list', async ({ page, createListing }) => {
    const listing = await createListing({ type: 'tools', price: '49', websiteUrl: 'https://example.com/' });
    await page.goto(`/tools?search=${encodeURIComponent(listing.title)}`);
    await page.getByRole('link', { name: listing.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/tool/${listing.slug}$`));
    await expect(page.getByRole('complementary', { name: 'Pricing and provider' }).getByText('$49', { exact: true })).toBeVisible();
    // Through the server, which counts the click and redirects to the stored address.
    await expect(page.getByRole('link', { name: 'Visit Website' })).toHaveAttribute('href', `/api/tools/${listing.id}/website`);
    const back = page.getByRole('main').getByRole('link', { name: 'Back', exact: true });
    // A real link for crawlers and new tabs; a click goes back in history, to the search it came from.
    await expect(back).toHaveAttribute('href', '/tools');
    await back.click();
    await expect(page).toHaveURL(/\/tools\?search=/);
  });

  test('a company with more listings than its profile carries counts them all and loads the rest', async ({ page, createProvider, createListing }) => {
    const { api: owner, user } = await createProvider();
    // Made oldest first, so the profile's order (featured, then newest) is s3, s2, s1, t2, t1.
    const t1 = await createListing({ owner, type: 'tools' });
    const t2 = await createListing({ owner, type: 'tools' });
    const s1 = await createListing({ owner, type: 'services' });
    const s2 = await createListing({ owner, type: 'services' });
    const s3 = await createListing({ owner, type: 'services' });
    // The server sends at most 100 listings with a profile; the same cut is made here at one,
    // so the rest must come from GET /api/{type}?providerId= as it would for a large provider.
    await page.route(
      (url) => url.pathname.startsWith('/api/providers/'),
      async (route) => {
        const response = await route.fetch();
        const profile = await response.json();
        await route.fulfill({ response, json: { ...profile, listings: profile.listings.slice(0, 1) } });
      },
    );

    await openInApp(page, `/company/${user.slug}`);
    const stats = page.getByRole('region', { name: 'Stats' });
    await expect(stats.getByText('Services', { exact: true }).locator('..')).toContainText('3');
    await expect(stats.getByText('Tools', { exact: true }).locator('..')).toContainText('2');
    await expect(page.getByRole('tab', { name: 'All (5)' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Services (3)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Tools (2)' })).toBeVisible();

    const titles = page.getByRole('tabpanel').getByRole('article').getByRole('heading');
    await page.getByRole('tab', { name: 'Services (3)' }).click();
    await expect(titles).toHaveText([s3.title]);
    await expect(page.getByText('Showing 1 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(titles).toHaveText([s3.title, s2.title, s1.title]);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'All (5)' }).click();
    await expect(titles).toHaveText([s3.title, s2.title, s1.title, t2.title, t1.title]);
    await page.getByRole('tab', { name: 'Tools (2)' }).click();
    await expect(titles).toHaveText([t2.title, t1.title]);
  });

  test('missing listings and companies say so', async ({ page }) => {
    await page.goto('/service/no-such-service-anywhere');
    await expect(page.getByRole('heading', { name: 'Service not found' })).toBeVisible();
    await page.goto('/tool/999999999');
    await expect(page.getByRole('heading', { name: 'Tool not found' })).toBeVisible();
    await page.goto('/company/no-such-company-anywhere');
    await expect(page.getByRole('heading', { name: 'Company Not Found' })).toBeVisible();
  });

  test("a missing tool, company or category answers 404 and is titled Not Found, opened or reached by a link, never with the home page's title", async ({ page }) => {
    const missing = [
      ['/tool/no-such-tool-anywhere', 'Tool not found'],
      ['/company/no-such-company-anywhere', 'Company Not Found'],
      ['/category/no-such-category-anywhere?type=services', 'Category Not Found'],
    ] as const;
    for (const [path, heading] of missing) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page, path).toHaveTitle(/^Page Not Found \|/);
    }
    // Reached inside the app, from a page with a title of its own.
    for (const [path, heading] of missing) {
      await page.goto('/');
      await expect(page).toHaveTitle(/^Premium /);
      await page.evaluate((to) => window.history.pushState(null, '', to), path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page, path).toHaveTitle(/^Page Not Found \|/);
    }
  });
});

test.describe('trending', () => {
  test('ranks the top three and lists the rest', async ({ page }) => {
    const trending = (await (await page.request.get('/api/services/trending')).json()) as { title: string }[];
    await page.goto('/trending');
    await expect(page.getByRole('heading', { name: 'Trending Services', level: 1 })).toBeVisible();
    if (trending.length === 0) {
      await expect(page.getByText('No trending services yet')).toBeVisible();
      return;
    }
    const top = page.getByRole('region', { name: 'Top trending services' }).getByRole('listitem');
    await expect(top).toHaveCount(Math.min(3, trending.length));
    await expect(top.first().getByText('Number 1')).toBeVisible();
    await expect(top.first().getByText('Trending', { exact: true })).toBeVisible();
    await expect(top.first().getByRole('link', { name: trending[0]!.title })).toBeVisible();
    if (trending.length > 3) {
      await expect(page.getByRole('heading', { name: 'More Trending Services' })).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: trending[3]!.title })).toBeVisible();
    }
  });
});
