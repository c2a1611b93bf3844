import { request as playwrightRequest, type Page } from '@playwright/test';
import type { Listing } from '../src/shared/types';
import { expect, registerUser, test } from './fixtures';
import { toastOf as toast } from './toast';

// A member writes a review saying they resold the service, sees that beside it, and filters the
// listing's reviews by stars from the breakdown. They act the moment each control shows.

const detailPath = (listing: Listing) => `/${listing.type === 'tools' ? 'tool' : 'service'}/${listing.slug}`;

/** Opens a page as a person does: acting as soon as it shows, not waiting for hydration. */
const open = async (page: Page, path: string) => {
  await page.mainFrame().goto(path, { waitUntil: 'commit' });
};

async function postReview(baseURL: string, listing: Listing, firstName: string, rating: number, comment: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  await registerUser(api, { firstName, lastName: 'Reviewer' });
  const res = await api.post(`/api/services/${listing.id}/reviews`, { data: { rating, comment, reviewerContext: 'in_house' } });
  expect(res.status(), await res.text()).toBe(201);
  await api.dispose();
}

const snap = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

test('a member reviews with their context, sees it beside the review, and filters the reviews by stars', async ({ page, signIn, createListing, baseURL }) => {
  const listing = await createListing({ type: 'services' });
  await postReview(baseURL!, listing, 'Lena', 2, 'Our team found the reports slow to arrive.');
  await signIn('member', { firstName: 'Rosa', lastName: 'Reseller' });

  await open(page, detailPath(listing));
  const reviews = page.getByRole('region', { name: /Reviews/ });
  const breakdown = reviews.getByRole('list', { name: 'Rating breakdown' });
  await expect(breakdown).toContainText('2 stars');

  await page.getByLabel('How did you use it? (optional)').click();
  await page.getByRole('option', { name: 'Resold it to clients' }).click();
  await page.getByLabel("Your agency's size (optional)").click();
  await page.getByRole('option', { name: '11-50 people' }).click();
  await page.getByLabel('Your review').fill('We resold it to four clients; all renewed.');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page)).toContainText('Review submitted');

  const mine = reviews.getByRole('article', { name: 'Review by Rosa Reseller' });
  await expect(mine.getByLabel('About the reviewer')).toContainText('Resold it to clients');
  await expect(mine.getByLabel('About the reviewer')).toContainText('Agency of 11-50 people');
  await expect(reviews.getByRole('heading', { name: 'Reviews (2)' })).toBeVisible();

  // The breakdown's 5-star row lists only the 5-star reviews, and says so.
  await reviews.getByRole('link', { name: 'Show the 5-star reviews' }).click();
  await expect(page).toHaveURL(/rating=5/);
  await expect(reviews).toContainText('Showing 5-star reviews.');
  await expect(mine).toBeVisible();
  await expect(reviews.getByRole('article', { name: 'Review by Lena Reviewer' })).toHaveCount(0);
  await snap(page, 'filtered-1280');
  await reviews.screenshot({ path: test.info().outputPath('reviews-1280.png') });
  // The same at a phone's width: the breakdown's bars and the choices wrap, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await reviews.screenshot({ path: test.info().outputPath('reviews-375.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The reviewer filter, from a fresh load of the address (the server renders the filtered list).
  await open(page, `${detailPath(listing)}?context=in_house`);
  await expect(reviews.getByRole('article', { name: 'Review by Lena Reviewer' })).toBeVisible();
  await expect(mine).toHaveCount(0);
  await reviews.getByRole('link', { name: 'Everyone' }).click();
  await expect(mine).toBeVisible();
});
