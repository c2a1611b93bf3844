import { expect, test, unique } from './fixtures';

// Every public page as a crawler, a link preview or a reader whose script has not loaded sees it:
// the server's render alone. Content, links to follow, paging by links, and the GET forms.
test.use({ javaScriptEnabled: false });

test.describe('public pages without JavaScript', () => {
  test('the home page shows featured services whose links lead to a full service page and its provider', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const featured = page.getByRole('main').getByRole('article');
    await expect(featured.first()).toBeVisible();
    const title = (await featured.first().getByRole('heading').textContent())!;
    await expect(featured.first()).toContainText('$');

    await featured.first().getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/service\/[^/?]+$/);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Reviews \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('$');

    await page.getByRole('link', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(/\/company\/[^/?]+$/);
    await expect(page.getByRole('region', { name: 'Stats' })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
  });

  test('the header and footer are links to every public page', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    for (const [name, path, heading] of [
      ['Tools', '/tools', 'All Tools'],
      ['Services', '/services', 'All Services'],
      ['Categories', '/categories', 'Tool Categories'],
      ['Trending', '/trending', /Trending/],
    ] as const) {
      await page.getByRole('banner').getByRole('link', { name, exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    }
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
    await expect(page).toHaveURL(/\/terms-conditions$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
  });

  test('the trending page ranks services with links to them', async ({ page }) => {
    await page.goto('/trending');
    const links = page.getByRole('main').locator('a[href^="/service/"]');
    await expect(links.first()).toBeVisible();
  });

  test('the services list pages by links: page 2 is another page of results, Previous comes back', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByText(/^[\d,]+\+? Services Found$/)).toBeVisible();
    const firstTitle = page.getByRole('main').getByRole('article').first().getByRole('heading');
    const onPageOne = await firstTitle.textContent();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/services\?page=2$/);
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(firstTitle).not.toHaveText(onPageOne!);
    await pagination.getByRole('link', { name: /Previous/ }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(firstTitle).toHaveText(onPageOne!);
  });

  test('the header search submits as a plain GET form and the results are rendered', async ({ page }) => {
    await page.goto('/categories');
    const box = page.getByRole('banner').getByRole('search').filter({ visible: true }).getByRole('searchbox');
    await box.fill('seo');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/tools\?search=seo$/);
    await expect(page.getByRole('heading', { name: 'Search results for "seo"' })).toBeVisible();
  });

  test('the filters apply with their Apply button and keep the search', async ({ page }) => {
    await page.goto('/services?search=seo');
    const filters = page.getByRole('form', { name: 'Filter results' });
    await filters.getByRole('radio', { name: '4+ stars' }).check();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/services\?.*rating=4/);
    await expect(page).toHaveURL(/search=seo/);
    await expect(page.getByRole('radio', { name: '4+ stars' })).toBeChecked();
    await expect(page.getByRole('heading', { name: 'Search results for "seo"' })).toBeVisible();
  });

  test('the sort above the results and the chips of the chosen filters work as a form and links, and land on the results', async ({ page }) => {
    await page.goto('/services?price=100-500&rating=4');
    const results = page.getByRole('region', { name: 'All Services' });
    const sort = results.getByRole('form', { name: 'Sort results' });
    await sort.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Highest margin' });
    await sort.getByRole('button', { name: 'Sort' }).click();
    await expect(page).toHaveURL(/\/services\?price=100-500&rating=4&sort=margin#results$/);
    await expect(page.getByRole('heading', { name: 'All Services' })).toBeInViewport();

    await results.getByRole('link', { name: 'Remove filter: 4+ stars' }).click();
    await expect(page).toHaveURL(/\/services\?price=100-500&sort=margin$/);
    await expect(page.getByRole('radio', { name: 'Any rating' })).toBeChecked();
    await results.getByRole('link', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/services\?sort=margin$/);
    await expect(results.getByRole('link', { name: /^Remove filter/ })).toHaveCount(0);
  });

  test('on a phone the filter panel opens, and its Apply button stays in sight and opens the results', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/services');
    await page.getByRole('complementary', { name: 'Filters' }).locator('summary').click();
    await page.getByRole('radio', { name: '$2,000+' }).check();
    const apply = page.getByRole('button', { name: 'Apply filters' });
    await expect(apply).toBeInViewport();
    await apply.click();
    await expect(page).toHaveURL(/price=2000-plus.*#results$/);
    await expect(page.getByRole('heading', { name: 'All Services' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Remove filter: $2,000+' })).toBeInViewport();
  });

  test('a category page shows its listings and its rich-text content', async ({ page, adminApi, createListing }) => {
    const created = await adminApi.post('/api/categories', {
      data: {
        name: `Nojs ${unique('cat')}`,
        slug: unique('nojs'),
        type: 'services',
        description: 'Made by the no-JavaScript test.',
        icon: 'bar-chart-3',
        bottomContent: '<h2>How to choose</h2><p>Ask for <strong>references</strong>.</p>',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const category = (await created.json()) as { id: number; slug: string; name: string };
    const listing = await createListing({ type: 'services', categoryId: category.id, title: `Nojs listing ${unique('svc')}` });

    await page.goto(`/category/${category.slug}?type=services`);
    await expect(page.getByRole('heading', { name: category.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to choose' })).toBeVisible();
    await expect(page.getByText('references')).toBeVisible();
    await page.getByRole('link', { name: listing.title }).click();
    await expect(page.getByRole('heading', { name: listing.title, level: 1 })).toBeVisible();
  });

  test('the categories page links to each category', async ({ page }) => {
    await page.goto('/categories');
    const link = page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link');
    const name = (await link.textContent())!;
    await link.click();
    await expect(page).toHaveURL(/\/category\/[^/]+/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  });

  test('a tool page shows the tool', async ({ page }) => {
    await page.goto('/tools');
    const card = page.getByRole('main').getByRole('article').first();
    const title = (await card.getByRole('heading').textContent())!;
    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/tool\/[^/?]+$/);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  });

  test('an unknown address shows the not-found page with a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page-anywhere');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
    await page.getByRole('link', { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });
});
