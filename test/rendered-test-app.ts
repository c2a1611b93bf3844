import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { buildApp } from '../src/server/app';
import { type Config, testConfig } from '../src/server/config';
import { createPageRenderer } from '../src/server/modules/seo/render-page';
import { render } from '../src/web/entry-server';
import type { TestApp } from './test-app';
import { openTestDatabase } from './test-database';

/** A stand-in for the built index.html, with the head tags the server render replaces. */
const indexHtml = '<!doctype html><html><head><title>Directory</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';

/**
 * The real app with the real server render of the pages, on a fresh database, closed after the
 * file's tests: what a crawler or a browser without JavaScript gets. Call once per test file.
 */
export async function createRenderedTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'rendered-test-'));
  writeFileSync(path.join(root, 'index.html'), indexHtml);
  const config = testConfig({ siteUrl: 'https://dir.example.org', ...overrides });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, client: { root, renderPage: createPageRenderer(database.db, config, render) } });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, db: database.db, config };
}
