import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The Content-Security-Policy (script-src 'self', no 'unsafe-eval' or 'unsafe-inline') must hold
// without the browser blocking anything our own code does: a blocked script or eval shows in the
// inspector as an issue (Lighthouse counts it against Best Practices), though rarely in the console.

/** Starts collecting the page's Content-Security-Policy issues from the DevTools protocol. */
async function cspIssues(page: Page) {
  const session: CDPSession = await page.context().newCDPSession(page);
  const issues: string[] = [];
  session.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') issues.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
  });
  await session.send('Audits.enable');
  return issues;
}

test('public pages and a form run under the CSP without a single violation', async ({ page, createListing }) => {
  const listing = await createListing({ type: 'services' });
  const issues = await cspIssues(page);
  for (const path of ['/', '/services', '/tools?search=report', `/service/${listing.slug}`, '/categories', '/trending', '/contact']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
  }
  // A form validates with zod in the browser: its schema must not need eval.
  await page.goto('/auth');
  await page.getByLabel('Email').first().fill('not-an-email');
  await page.getByRole('button', { name: /sign in|log in/i }).first().click();
  await page.waitForLoadState('networkidle');
  expect(issues).toEqual([]);
});

test('the detector sees a violation when there is one (positive control)', async ({ browser, baseURL }) => {
  // A page of its own: the shared page fixture fails any test whose console shows an error, and
  // this one makes the browser log the blocked script on purpose.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const issues = await cspIssues(page);
  await page.goto('/');
  // DevTools' own evaluations are exempt from the CSP, so the page is made to add an inline script
  // that evals: the policy blocks the script, and the inspector reports it.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = "new Function('return 1')()";
    document.head.append(script);
  });
  await expect.poll(() => issues.length).toBeGreaterThan(0);
  await context.close();
});
