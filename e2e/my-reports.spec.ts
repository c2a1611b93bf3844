import { type Locator, request as playwrightRequest, type Page } from '@playwright/test';
import type { Listing, User } from '../src/shared/types';
import { DEFAULT_PASSWORD, expect, onPhone, registerUser, test } from './fixtures';
import { toastOf as toast } from './toast';

// A provider and a member each report a review and follow it in "My reports", the moment each
// control shows, without waiting for the page's script; the administrator's overview counts the
// reviews awaiting a decision and links to the queue. Nobody's list shows anyone else's reports.

const detailPath = (listing: Listing) => `/${listing.type === 'tools' ? 'tool' : 'service'}/${listing.slug}`;

/** Opens a page as a person does: acting as soon as it shows, not waiting for hydration (page.goto of the fixtures does). */
const open = async (page: Page, path: string) => {
  await page.mainFrame().goto(path, { waitUntil: 'commit' });
};

/** Before hydration the early event contract keeps the click and does it afterwards: click, then wait for the state. */
async function choose(radio: Locator) {
  await radio.click();
  await expect(radio).toBeChecked();
}

async function postReview(baseURL: string, listing: Listing, firstName: string, rating: number, comment: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  await registerUser(api, { firstName, lastName: 'Reviewer' });
  const res = await api.post(`/api/services/${listing.id}/reviews`, { data: { rating, comment } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await api.dispose();
  return id;
}

async function reportOnPage(page: Page, listing: Listing, reviewer: string, reason: string) {
  await open(page, detailPath(listing));
  const review = page.getByRole('article', { name: `Review by ${reviewer} Reviewer` });
  await review.locator('summary', { hasText: 'Report' }).click();
  await choose(review.getByRole('radio', { name: reason }));
  await review.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(page)).toContainText('Report sent');
  return review;
}

const signBackIn = async (page: Page, user: User) => {
  const response = await page.request.post('/api/login', { data: { email: user.email, password: DEFAULT_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
};

const today = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date());

test('a provider and a member follow their own reports from open to decided; the admin overview links to the queue', async ({ page, signIn, createListing, baseURL, adminApi }) => {
  const provider = await signIn('provider');
  const listing = await createListing({ type: 'services', owner: page.request });
  const ritaReview = await postReview(baseURL!, listing, 'Rita', 1, 'They never answered my e-mails.');
  const samReview = await postReview(baseURL!, listing, 'Sam', 2, 'Buy from cheap-seo.example instead.');

  // The provider reports a review of their own listing, and follows the notice's link to their reports.
  const reported = await reportOnPage(page, listing, 'Rita', 'Not a genuine client experience');
  await reported.getByRole('link', { name: 'Follow your reports' }).click();
  await expect(page).toHaveURL(/\/provider\?tab=reports$/);
  const providerList = page.getByRole('list', { name: 'My reports' });
  await expect(providerList.getByRole('listitem')).toHaveCount(1);
  const providerEntry = providerList.getByRole('listitem', { name: `Report of a review of ${listing.title}` });
  await expect(providerEntry).toContainText('A 1-star review of');
  await expect(providerEntry).toContainText('(your listing)');
  await expect(providerEntry).toContainText(`Not a genuine client experience · reported on ${today}`);
  await expect(providerEntry).toContainText('Under review');

  // A member reports the other review, then opens the dashboard on a phone and picks the tab at once.
  const member = await signIn('member');
  await onPhone(page);
  await reportOnPage(page, listing, 'Sam', 'Spam or advertising');
  await open(page, '/dashboard');
  await page.getByRole('tab', { name: 'My reports' }).click();
  const memberList = page.getByRole('list', { name: 'My reports' });
  // Only their own report: not the provider's on the same listing.
  await expect(memberList.getByRole('listitem')).toHaveCount(1);
  await expect(memberList).toContainText('A 2-star review of');
  await expect(memberList).toContainText('Spam or advertising');
  await expect(memberList).not.toContainText('Not a genuine client experience');
  await expect(memberList).toContainText('Under review');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The administrator's overview counts reviews awaiting a decision and links to the queue.
  await signIn('admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await (await adminApi.get('/api/admin/overview')).json()).reportedReviews).toBeGreaterThanOrEqual(2);
  await open(page, '/admin');
  // Other tests may report reviews at the same time: the count is at least these two.
  const card = page.getByRole('link', { name: /^Reported reviews: \d+ awaiting a decision$/ });
  const shown = Number(/(\d+)/.exec((await card.getAttribute('aria-label')) ?? '')?.[1]);
  expect(shown).toBeGreaterThanOrEqual(2);
  await card.click();
  await expect(page).toHaveURL(/\/admin\?tab=reported-reviews$/);
  // Both reviews of the listing wait in the queue.
  await expect(page.getByRole('listitem', { name: `Reported review of ${listing.title}` })).toHaveCount(2);

  // Decisions: the provider's report rejected (kept), the member's upheld (removed).
  for (const [reviewId, decision] of [[ritaReview, 'keep'], [samReview, 'remove']] as const) {
    const res = await adminApi.post(`/api/admin/review-reports/${reviewId}/decision`, { data: { decision } });
    expect(res.status(), await res.text()).toBe(200);
  }

  await signBackIn(page, member);
  await open(page, '/dashboard?tab=reports');
  const decided = page.getByRole('list', { name: 'My reports' }).getByRole('listitem');
  await expect(decided).toContainText('Removed');
  await expect(decided).toContainText(`Decided on ${today}`);

  await signBackIn(page, provider);
  await open(page, '/provider?tab=reports');
  const kept = page.getByRole('list', { name: 'My reports' }).getByRole('listitem');
  await expect(kept).toContainText('Kept: the review stays up');
  await expect(kept).toContainText(`Decided on ${today}`);
  await expect(kept).not.toContainText('Spam or advertising');
});
