import { expect, test } from './fixtures';
import { toastOf } from './toast';

// The contact page (SPEC.md sections 2, 5, 8 and 9).

test.describe('contact page', () => {
  test('asks for every field, then sends the message and clears the form', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveAttribute('rows', '6');

    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toastOf(page)).toContainText('Missing information');
    await expect(toastOf(page)).toContainText('Please fill in all required fields.');

    // Blank after trimming counts as missing.
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill('grace@agency.test');
    await page.getByLabel('Subject').fill('   ');
    await page.getByLabel('Message').fill('We would like to list our tools.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
    await expect(toastOf(page)).toContainText('Please fill in all required fields.');

    await page.getByLabel('Subject').fill('Partnership');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toastOf(page)).toContainText('Message sent!');
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
  });

  test('says when sending failed', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong on our side.' } }));
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill('grace@agency.test');
    await page.getByLabel('Subject').fill('Partnership');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toastOf(page)).toContainText('Failed to send message. Please try again.');
    await expect(page.getByLabel('Name')).toHaveValue('Grace Hopper');
  });

  test('gives the support address, hours and the FAQ answers', async ({ page }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /^support@/ })).toHaveAttribute('href', /^mailto:support@/);
    await expect(main).toContainText('within 24 hours');
    await expect(main).toContainText('Monday to Friday');
    await expect(main).toContainText('9 AM to 6 PM EST');
    await expect(main).toContainText('2-3 business days');
    await expect(main).toContainText('anytime from the provider dashboard');
    await expect(main).toContainText('contact us for details about fees');
  });
});
