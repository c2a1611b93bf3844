import { type Locator, request as playwrightRequest, type Page } from '@playwright/test';
import type { Listing } from '../src/shared/types';
import { expect, onPhone, registerUser, test } from './fixtures';
import { mailsTo } from '../test/mail-catcher';
import { toastOf as toast } from './toast';

/**
 * A person picks a radio the moment it shows. Before the page's code has run, the early event
 * contract keeps the click and does it once the page has hydrated, so the choice shows then:
 * click, then wait for it, rather than check(), which demands the state change at once.
 */
async function choose(radio: Locator) {
  await radio.click();
  await expect(radio).toBeChecked();
}

// A provider replies to a review and edits the reply, a member reports the review, an
// administrator decides it in the "Reported reviews" queue. Each acts the moment a control is
// visible, without waiting for the page's script: the forms take input before it runs, and their
// buttons are enabled once it does.

const detailPath = (listing: Listing) => `/${listing.type === 'tools' ? 'tool' : 'service'}/${listing.slug}`;

/** Opens a page as a person does: acting as soon as it shows, not waiting for hydration (page.goto of the fixtures does). */
const open = async (page: Page, path: string) => {
  await page.mainFrame().goto(path, { waitUntil: 'commit' });
};

async function postReview(baseURL: string, listing: Listing, firstName: string, rating: number, comment: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const reviewer = await registerUser(api, { firstName, lastName: 'Reviewer' });
  const res = await api.post(`/api/services/${listing.id}/reviews`, { data: { rating, comment } });
  expect(res.status(), await res.text()).toBe(201);
  await api.dispose();
  return reviewer;
}

async function waitForMail(to: string, subject: RegExp) {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the mail catcher of playwright.config.ts did not start');
  await expect.poll(() => mailsTo(dir, to).some((mail) => subject.test(mail.subject)), { message: `a mail to ${to}`, timeout: 15_000 }).toBe(true);
}

/** A picture of the screen beside the test's results, to look at each width. */
const snap = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

const noSidewaysScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

test('a provider replies and edits the reply, a member reports the review, an administrator removes it', async ({ page, signIn, createListing, baseURL }) => {
  // The provider's listing, reviewed by a member.
  await signIn('provider');
  const listing = await createListing({ type: 'services', owner: page.request });
  const reviewer = await postReview(baseURL!, listing, 'Rita', 1, 'They never answered my e-mails. Use another agency.');

  // The provider replies on the listing's page, as soon as the form shows.
  await open(page, detailPath(listing));
  const review = page.getByRole('article', { name: 'Review by Rita Reviewer' });
  await review.locator('summary', { hasText: 'Reply' }).click();
  await review.getByLabel('Your public reply').fill('We are sorry: our inbox filter caught your messages. Please write to us again.');
  await review.getByRole('button', { name: 'Post reply' }).click();
  await expect(toast(page)).toContainText('Reply posted');
  const reply = review.getByRole('group', { name: 'Reply from the provider' });
  await expect(reply).toContainText('Provider');
  await expect(reply).toContainText('our inbox filter caught your messages');
  await expect(reply).not.toContainText('(edited)');
  await waitForMail(reviewer.email, /replied to your review of/);

  // And edits it after a reload, again without waiting: it shows as edited.
  await open(page, detailPath(listing));
  await review.locator('summary', { hasText: 'Edit reply' }).click();
  await review.getByLabel('Your public reply').fill('We are sorry: our inbox filter caught your messages. We have called you back.');
  await review.getByRole('button', { name: 'Save reply' }).click();
  await expect(toast(page)).toContainText('Reply updated');
  await expect(reply).toContainText('We have called you back.');
  await expect(reply).toContainText('(edited)');
  await review.scrollIntoViewIfNeeded();
  await snap(page, 'reply-1280');

  // A member reports the review: not genuine, so it stays up, marked under review.
  const member = await signIn('member');
  await onPhone(page);
  await open(page, detailPath(listing));
  await review.locator('summary', { hasText: 'Report' }).click();
  await choose(review.getByRole('radio', { name: 'Not a genuine client experience' }));
  await review.getByLabel('Details (required for Other)').fill('This agency never had a client by that name.');
  await noSidewaysScroll(page);
  await snap(page, 'report-form-375');
  await review.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(page)).toContainText('Report sent');
  await expect(review.getByText('Under review', { exact: true })).toBeVisible();
  await expect(review.getByText('You reported this review. A moderator will look at it.')).toBeVisible();

  // The administrator decides it in the queue, linked straight to its tab.
  await signIn('admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, '/admin?tab=reported-reviews');
  const entry = page.getByRole('listitem', { name: `Reported review of ${listing.title}` });
  await expect(entry).toContainText('They never answered my e-mails.');
  await expect(entry).toContainText('Not a genuine client experience');
  await expect(entry).toContainText(member.email);
  await expect(entry).toContainText('1 report');
  await snap(page, 'queue-1280');
  await choose(entry.getByRole('radio', { name: 'Remove the review' }));
  await entry.getByLabel('Note to the reporters (optional)').fill('Confirmed with the provider: no such client.');
  await entry.getByRole('button', { name: 'Save decision' }).click();
  await expect(toast(page)).toContainText('Decision saved');
  await expect(entry).toHaveCount(0);
  await waitForMail(member.email, /: removed$/);
  await waitForMail(reviewer.email, /was removed$/);

  // Gone from the listing's page, and from its count.
  await open(page, detailPath(listing));
  await expect(page.getByRole('heading', { name: 'Reviews (0)' })).toBeVisible();
  await expect(page.getByText('They never answered my e-mails.')).toHaveCount(0);
});

test('a review reported for personal information is hidden at once; the administrator edits it out on a phone', async ({ page, signIn, createListing, baseURL }) => {
  const listing = await createListing({ type: 'services' });
  await postReview(baseURL!, listing, 'Pat', 4, 'Good work. Ask for Jo Bloggs, mobile 555-0100.');

  await signIn('member');
  await open(page, detailPath(listing));
  const review = page.getByRole('article', { name: 'Review by Pat Reviewer' });
  await review.locator('summary', { hasText: 'Report' }).click();
  await choose(review.getByRole('radio', { name: 'Personal information' }));
  await review.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(page)).toContainText('The review is hidden until a moderator decides.');
  await expect(page.getByRole('article', { name: 'Hidden review' })).toContainText('hidden while a moderator checks a report');
  // Hidden from every visitor too, in the server's page.
  const served = await (await playwrightRequest.newContext({ baseURL })).get(detailPath(listing));
  expect(await served.text()).not.toContain('555-0100');

  await signIn('admin');
  await onPhone(page);
  await open(page, '/admin?tab=reported-reviews');
  const entry = page.getByRole('listitem', { name: `Reported review of ${listing.title}` });
  await choose(entry.getByRole('radio', { name: 'Edit out personal information' }));
  await entry.getByLabel('Edited comment (for Edit)').fill('Good work. Ask for [name removed].');
  await noSidewaysScroll(page);
  await snap(page, 'queue-375');
  await entry.getByRole('button', { name: 'Save decision' }).click();
  await expect(toast(page)).toContainText('Decision saved');

  await open(page, detailPath(listing));
  const shown = page.getByRole('article', { name: 'Review by Pat Reviewer' });
  await expect(shown).toContainText('Good work. Ask for [name removed].');
  await expect(shown).toContainText('Edited by a moderator');
});

test('the review form states the rules', async ({ page, signIn, createListing }) => {
  const listing = await createListing({ type: 'services' });
  await signIn('member');
  await open(page, detailPath(listing));
  const rules = page.getByRole('list', { name: 'Review rules' });
  await expect(rules).toContainText('One review per member');
  await expect(rules).toContainText('No reviews of your own listings');
  await expect(rules).toContainText('say so in it');
});
