import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { formatProviderName } from '../src/shared/format';
import type { Listing } from '../src/shared/types';
import { becomeProvider, expect, onPhone, registerUser, test, unique } from './fixtures';
import { toastOf as toast } from './toast';
import { whiteLabelTerms } from '../test/partner-terms';

// The admin dashboard: moderation seen by the public and by the provider, categories
// with rich text on the public page, users, and SEO templates in the HTML the server sends.

/** A provider with their own API session (so the test can read their dashboard as them). */
async function newProvider(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const user = await becomeProvider(api, await registerUser(api, { firstName: 'Paula', lastName: unique('Provider') }));
  return { api, user };
}

async function submitService(api: APIRequestContext, title: string): Promise<Listing> {
  const categories = (await (await api.get('/api/categories?type=services')).json()) as { id: number }[];
  const response = await api.post('/api/services', {
    data: { type: 'services', title, description: 'Waiting for an administrator.', shortDescription: 'Pending in e2e.', categoryId: categories[0]!.id, price: '300', priceType: 'fixed', deliveryTime: 4, tags: [], features: [] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Listing;
}

async function openAdmin(page: Page, tab: string) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: tab, exact: false }).first().click();
}

test('a member is refused the admin dashboard', async ({ page, signIn }) => {
  await signIn('member');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
});

test('an administrator approves one pending service and rejects another with a reason the provider sees', async ({ page, signIn, baseURL }) => {
  const { api: providerApi } = await newProvider(baseURL!);
  const approveTitle = unique('Approve Me');
  const rejectTitle = unique('Reject Me');
  await submitService(providerApi, approveTitle);
  await submitService(providerApi, rejectTitle);

  await signIn('admin');
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Pending Services')).toBeVisible();
  await page.getByRole('tab', { name: 'Pending Approval' }).click();

  const approveCard = page.getByTestId('pending-item').filter({ hasText: approveTitle });
  await approveCard.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page)).toContainText('Service approved successfully');
  await expect(approveCard).toHaveCount(0);

  const rejectCard = page.getByTestId('pending-item').filter({ hasText: rejectTitle });
  await rejectCard.getByRole('button', { name: 'Reject' }).click();
  // The dialog asks why before it rejects: the provider is told the reason.
  const reason = page.getByRole('dialog').getByLabel('Reason', { exact: true });
  await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(reason).toHaveAccessibleDescription('Say why, so the provider knows what to change');
  await expect(rejectCard).toHaveCount(1);
  await reason.fill('Please add a clearer description.');
  await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page)).toContainText('Service rejected');
  await expect(rejectCard).toHaveCount(0);

  // The approved one is live in the public catalogue; the rejected one is not.
  await page.goto(`/services?search=${encodeURIComponent(approveTitle)}`);
  await expect(page.getByRole('heading', { name: approveTitle, exact: true })).toBeVisible();

  // The provider reads the reason on their dashboard.
  const providerPage = await page.context().browser()!.newPage({ baseURL });
  await providerPage.context().addCookies((await providerApi.storageState()).cookies);
  await providerPage.goto('/provider');
  await providerPage.getByRole('tab', { name: /Rejected/ }).click();
  await expect(providerPage.getByTestId('own-listing').filter({ hasText: rejectTitle })).toContainText('Please add a clearer description.');
  await providerPage.close();
  await providerApi.dispose();
});

test('the pending card previews every field, the image and the partner terms; the listing page opens for the administrator, marked not live', async ({ page, signIn, baseURL }) => {
  const { api: providerApi } = await newProvider(baseURL!);
  const title = unique('Preview Me');
  const listing = await submitService(providerApi, title);
  const terms = { ...whiteLabelTerms, billingPeriod: 'one_time', wholesalePrice: '180', suggestedRetailPrice: '300', whiteLabel: ['own_logo', 'custom_domain'], territories: 'US, GB' };
  const saved = await providerApi.put(`/api/services/${listing.id}/partner-programme`, { data: terms });
  expect(saved.status(), await saved.text()).toBe(200);

  await signIn('admin');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Pending Approval' }).click();
  const card = page.getByTestId('pending-item').filter({ hasText: title });
  const preview = card.getByTestId('pending-preview');
  await preview.getByText('Preview: every field, images and partner terms').click();
  await expect(preview.getByText('Waiting for an administrator.')).toBeVisible();
  await expect(preview.getByText('Pending in e2e.')).toBeVisible();
  await expect(preview.getByText('One-off price')).toBeVisible();
  await expect(preview.getByText('4 days')).toBeVisible();
  await expect(preview.getByRole('img', { name: `Image of ${title}` }).or(preview.getByText('Listing image: none uploaded'))).toBeVisible();
  const partner = preview.getByRole('region', { name: 'Partner terms' });
  await expect(partner).toContainText('White-label resale');
  await expect(partner).toContainText('$180');
  await expect(partner).toContainText('$300');
  await expect(partner).toContainText('GB, US');

  // The sticky header would sit over the card in an element screenshot.
  await page.addStyleTag({ content: 'header { position: static !important; }' });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: `/tmp/pending-preview-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await preview.getByRole('link', { name: 'Open its page (not live yet)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Not live' })).toContainText('Not live: this service is waiting for approval');
  // A visitor gets the not-found page for the same address.
  const visitor = await playwrightRequest.newContext({ baseURL });
  expect((await visitor.get(`/service/${listing.slug}`)).status()).toBe(404);
  await visitor.dispose();
  await providerApi.dispose();
});

test('an administrator searches, filters and deletes services', async ({ page, signIn, createListing }) => {
  const listing = await createListing({ title: unique('Searchable Zebra') });
  await signIn('admin');
  await openAdmin(page, 'Services (');
  await expect(page.getByRole('button', { name: /^Live/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('searchbox', { name: /Search services/ }).fill(listing.title.toUpperCase());
  const row = page.getByTestId('admin-listing').filter({ hasText: listing.title });
  await expect(row).toHaveCount(1);
  await page.getByRole('button', { name: /^Pending/ }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: /^Live/ }).click();
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this service? This action cannot be undone.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Service deleted');
  await expect(row).toHaveCount(0);
});

test('an administrator creates a category with rich text that renders on its page', async ({ page, signIn }) => {
  const name = unique('Rich');
  await signIn('admin');
  await openAdmin(page, 'Categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog.getByText('Category name is required')).toBeVisible();

  await dialog.getByLabel('Category Name').fill(name);
  await expect(dialog.getByLabel('URL Slug')).toHaveValue(name.toLowerCase());
  await dialog.getByLabel('Description').fill('Made by the e2e test.');
  const editor = dialog.getByRole('textbox', { name: 'Additional SEO Content' });
  await editor.click();
  await page.keyboard.type('Why agencies love ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('bold claims');
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(toast(page)).toContainText('Category created successfully');
  await expect(page.getByTestId('admin-category').filter({ hasText: name })).toBeVisible();

  await page.goto(`/category/${name.toLowerCase()}?type=services`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.locator('.rich-text strong')).toHaveText('bold claims');
});

test('an administrator creates a user, toggles their flags and deletes them', async ({ page, signIn }) => {
  const lastName = unique('Invitee');
  await signIn('admin');
  await openAdmin(page, 'User Management');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(`${lastName}@example.test`);
  await dialog.getByLabel('First Name').fill('Ivy');
  await dialog.getByLabel('Last Name').fill(lastName);
  await dialog.getByRole('switch', { name: /Service Provider/ }).click();
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByTestId('invitation-link')).toHaveValue(/\/invitation\?token=/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  // The open dialog hides the rest of the page from the accessibility tree; the toast shows after.
  await expect(toast(page)).toContainText('User created successfully');

  // The server-side search finds them whatever page of the list they are on.
  await page.getByRole('searchbox', { name: /Search users/ }).fill(lastName.toUpperCase());
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  const row = page.getByTestId('admin-user').filter({ hasText: lastName });
  await expect(page.getByTestId('admin-user')).toHaveCount(1);
  await expect(row).toContainText('Provider');
  await row.getByRole('button', { name: 'Make Admin' }).click();
  await expect(toast(page)).toContainText('User admin status updated successfully');
  await expect(row.getByRole('button', { name: 'Remove Admin' })).toBeVisible();
  await row.getByRole('button', { name: 'Remove Provider' }).click();
  await expect(toast(page)).toContainText('User provider status updated successfully');
  await expect(row.getByRole('button', { name: 'Make Provider' })).toBeVisible();

  await row.getByRole('button', { name: /^Delete / }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`Ivy ${lastName}`);
  await expect(page.getByRole('alertdialog')).toContainText('All their services are also deleted');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('User deleted successfully');
  await expect(row).toHaveCount(0);
});

test('a saved template changes the title in the HTML the server sends', async ({ page, signIn, createListing, adminApi }) => {
  const tool = await createListing({ type: 'tools', title: unique('Templated Tool') });
  await signIn('admin');
  await openAdmin(page, 'SEO Settings');
  const form = page.getByTestId('seo-template-tool');
  await form.getByLabel('Title Template').fill('{name} for agencies | {siteName}');
  await form.getByLabel('Description Template').fill('{description}');
  await form.getByRole('button', { name: 'Save Template' }).click();
  await expect(toast(page)).toContainText('Template saved');

  try {
    const html = await (await page.request.get(`/tool/${tool.slug}`)).text();
    expect(html).toContain(`<title>${tool.title} for agencies | `);
    await page.goto(`/tool/${tool.slug}`);
    await expect(page).toHaveTitle(new RegExp(`^${tool.title} for agencies`));
  } finally {
    // Other specs read tool pages: leave the default in place.
    await adminApi.delete('/api/admin/seo/templates/tool');
  }
});

test('an administrator pages through more services than one page holds; the tab counts them all', async ({ page, signIn, adminApi }) => {
  const tag = unique('Pageable');
  const categories = (await (await adminApi.get('/api/categories?type=services')).json()) as { id: number }[];
  // 51: one more than a page. An administrator's listings are live at once.
  for (let batch = 0; batch < 51; batch += 17) {
    await Promise.all(
      Array.from({ length: Math.min(17, 51 - batch) }, async (_, i) => {
        const response = await adminApi.post('/api/services', {
          data: { type: 'services', title: `${tag} ${batch + i}`, description: 'Paging in e2e.', categoryId: categories[0]!.id, price: '100', priceType: 'fixed', deliveryTime: 2, tags: [], features: [] },
        });
        expect(response.status(), await response.text()).toBe(201);
      }),
    );
  }
  await signIn('admin');
  await page.goto('/admin');
  const counts = (await (await adminApi.get('/api/admin/listings/counts?type=services')).json()) as Record<string, number>;
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  await expect(page.getByRole('tab', { name: `Services (${total})` })).toBeVisible();
  await page.getByRole('tab', { name: 'Services (' }).click();

  await page.getByRole('searchbox', { name: /Search services/ }).fill(tag);
  const pages = page.getByRole('navigation', { name: 'Pages of services' });
  await expect(pages.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Live/ })).toContainText('51');
  await expect(page.getByTestId('admin-listing')).toHaveCount(50);
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByTestId('admin-listing')).toHaveCount(1);
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Deleting the only item of the last page steps back to the new last page.
  await page.getByTestId('admin-listing').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Service deleted');
  await expect(page.getByTestId('admin-listing')).toHaveCount(50);
  await expect(pages).toHaveCount(0);
});

test('an administrator edits a page override and resets a template to the default', async ({ page, signIn, adminApi }) => {
  const entityId = unique('override-page');
  const created = await adminApi.post('/api/admin/seo/overrides', { data: { pageType: 'service', entityId, title: 'Title before the edit' } });
  expect(created.status(), await created.text()).toBe(201);
  const saved = await adminApi.put('/api/admin/seo/templates/category', { data: { title: '{name} in e2e | {siteName}', description: '{description}' } });
  expect(saved.status(), await saved.text()).toBe(200);
  try {
    await signIn('admin');
    await openAdmin(page, 'SEO Settings');
    const card = page.getByTestId('seo-override').filter({ hasText: entityId });
    await card.getByRole('button', { name: 'Edit override' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Override' });
    await expect(dialog.getByLabel('Custom Title')).toHaveValue('Title before the edit');
    await expect(dialog.getByLabel('Entity ID (optional)')).toHaveValue(entityId);
    await dialog.getByLabel('Custom Title').fill('Title after the edit');
    await dialog.getByRole('button', { name: 'Save Override' }).click();
    await expect(toast(page)).toContainText('Override updated');
    await expect(card).toContainText('Title after the edit');

    const template = page.getByTestId('seo-template-category');
    await expect(template).toContainText('Saved');
    await template.getByRole('button', { name: 'Reset to default' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset to default' }).click();
    await expect(toast(page)).toContainText('Template reset');
    await expect(template).toContainText('Using the default');
    await expect(template.getByLabel('Title Template')).toHaveValue('');
    await expect(template.getByRole('button', { name: 'Reset to default' })).toHaveCount(0);
  } finally {
    const overrideId = ((await created.json()) as { id: number }).id;
    await adminApi.delete(`/api/admin/seo/overrides/${overrideId}`);
    await adminApi.delete('/api/admin/seo/templates/category');
  }
});

test('an administrator adds a service for a provider found by part of their e-mail, picked with the keyboard', async ({ page, signIn, createProvider, adminApi }) => {
  const { user: provider } = await createProvider();
  const title = unique('Service for a provider');
  const admin = await signIn('admin');
  await openAdmin(page, 'Create Content');
  await page.getByRole('button', { name: 'Add Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Service' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Short description').fill('Added by an administrator for a provider.');
  await dialog.getByLabel('Description', { exact: true }).fill('The administrator chose the provider by searching.');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByLabel('Delivery time (days)').fill('3');

  // The administrator owns a new listing until they pick someone else.
  const picker = dialog.getByRole('combobox', { name: 'Provider' });
  await expect(picker).toHaveAccessibleDescription(`${formatProviderName(admin)} (you) ${admin.email}`);
  await picker.fill(provider.email.split('@')[0]!);
  const options = dialog.getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText(provider.email);

  // Escape closes the list, not the dialog; the arrows reopen it and move onto the match.
  await picker.press('Escape');
  await expect(dialog.getByRole('listbox')).toBeHidden();
  await expect(dialog).toBeVisible();
  await picker.press('ArrowDown');
  await expect(options).toHaveCount(1);
  await picker.press('ArrowDown');
  await expect(picker).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
  await picker.press('Enter');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expect(picker).toHaveAccessibleDescription(`${formatProviderName(provider)} ${provider.email}`);

  await dialog.getByRole('button', { name: 'Submit Service' }).click();
  await expect(dialog).toBeHidden();
  const response = await adminApi.get(`/api/services?providerId=${encodeURIComponent(provider.id)}&status=all`);
  const theirs = (await response.json()) as Listing[];
  expect(theirs.find((listing) => listing.title === title)?.provider?.id).toBe(provider.id);
});

test('the admin dashboard works on a phone', async ({ page, signIn }) => {
  await onPhone(page);
  await signIn('admin');
  await page.goto('/admin');
  await expect(page.getByText('Total Services')).toBeVisible();
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();
});
