import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from '@playwright/test';
import { expect, onPhone, test } from './fixtures';
import { E2E_ADMIN } from './e2e-admin';
import { DEMO_MEMBER, DEMO_PROVIDER, publicPages } from './outside-pages';

// axe-core, run in the page as it stands after loading (and after each tab is opened), with its
// default rules: WCAG 2 A and AA and its best practices. Any violation fails the test.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The site's Content-Security-Policy allows no inline script; the audit script is injected anyway.
test.use({ bypassCSP: true });

async function violationsOf(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`),
    }));
  });
  const where = new URL(page.url()).pathname + new URL(page.url()).search;
  return violations.map(({ id, help, nodes }) => `${where}: ${id} (${help})\n    ${nodes.join('\n    ')}`);
}

async function signInAs(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/login', { data: account });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens each tab of the page's first tab list in turn and audits it. */
async function violationsOfEachTab(page: Page): Promise<string[]> {
  const tabs = page.getByRole('main').getByRole('tablist').first().getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const found: string[] = [];
  for (let index = 0; index < (await tabs.count()); index++) {
    const tab = tabs.nth(index);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    const name = (await tab.innerText()).trim();
    found.push(...(await violationsOf(page)).map((line) => `[${name} tab] ${line}`));
  }
  return found;
}

test('the public pages have no axe violations at 1280 px', async ({ page }) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  for (const path of await publicPages(page.request)) {
    await page.goto(path);
    found.push(...(await violationsOf(page)));
  }
  expect(found).toEqual([]);
});

test('the home page, a list page and a listing have no axe violations at 375 px', async ({ page }) => {
  test.setTimeout(120_000);
  await onPhone(page);
  const pages = await publicPages(page.request);
  const found: string[] = [];
  for (const path of ['/', '/services', pages.find((p) => p.startsWith('/service/'))!]) {
    await page.goto(path);
    found.push(...(await violationsOf(page)));
  }
  expect(found).toEqual([]);
});

test('both tabs of /auth have no axe violations', async ({ page }) => {
  await page.goto('/auth');
  expect(await violationsOfEachTab(page)).toEqual([]);
});

test('each tab of the member dashboard has no axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, DEMO_MEMBER);
  await page.goto('/dashboard');
  expect(await violationsOfEachTab(page)).toEqual([]);
  await page.goto('/favorites');
  expect(await violationsOf(page)).toEqual([]);
});

test('each tab of the provider dashboard, and the insight screen, have no axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, DEMO_PROVIDER);
  await page.goto('/provider');
  expect(await violationsOfEachTab(page)).toEqual([]);
  await page.goto('/provider/insight');
  await page.waitForLoadState('networkidle');
  expect(await violationsOf(page)).toEqual([]);
});

test('each tab of the admin dashboard has no axe violations', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAs(page, E2E_ADMIN);
  await page.goto('/admin');
  expect(await violationsOfEachTab(page)).toEqual([]);
});
