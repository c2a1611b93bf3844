import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './e2e/e2e-admin';
import { startMailCatcher } from './test/mail-catcher';

// Each run gets its own server port and its own empty data directory, so two runs never share
// state. The runner sets these once; its workers inherit them through the environment.
process.env.E2E_PORT ??= String(5100 + Math.floor(Math.random() * 800));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'directory-e2e-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

// Mail leaves the e2e server through real SMTP to a catcher on loopback (test/mail-catcher.ts), and
// specs read what arrived in E2E_MAIL_DIR. Started once, in the runner; workers inherit the variables.
if (!process.env.E2E_SMTP_URL) {
  const smtpPort = Number(process.env.E2E_PORT) + 1000;
  process.env.E2E_MAIL_DIR = path.join(process.env.E2E_DATA_DIR, 'mail');
  startMailCatcher(smtpPort, process.env.E2E_MAIL_DIR);
  process.env.E2E_SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // The compiled production server and client (scripts/e2e.mjs builds both first), seeded with the demo catalogue.
    command: 'node --enable-source-maps dist/server/server.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A first start migrates and seeds the demo catalogue; on a busy shared machine that took over 2 minutes.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      SITE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'true',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The screenshot tests point a tool at a page this test run serves on loopback.
      SCREENSHOT_ALLOWED_HOSTS: '127.0.0.1,localhost',
      LOG_LEVEL: 'warn',
      // The suite registers dozens of accounts from one address; the API tests cover the limit itself.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Every browser test searches from this one address; the API tests cover that limit.
      PUBLIC_READ_RATE_LIMIT_PER_MINUTE: '0',
      SIGNED_IN_READ_RATE_LIMIT_PER_MINUTE: '0',
      // The alerts' turn every 2 seconds, so a favourite's change is mailed while the test waits.
      ALERTS_INTERVAL_SECONDS: '2',
      ...(process.env.E2E_SMTP_URL && { SMTP_URL: process.env.E2E_SMTP_URL }),
    },
  },
});
