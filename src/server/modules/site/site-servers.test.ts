import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { buildApp } from '../../app';
import { createPageRenderer } from '../seo/render-page';

// Two servers on one database, as behind a load balancer: the second has its own pool, listener,
// brand and read cache, and renders pages. On PostgreSQL (the "postgres" project) the save reaches
// it only through the database's announcement.
const { app, db, database, config } = await createTestApp({ siteName: 'Env Directory' });
const root = mkdtempSync(path.join(os.tmpdir(), 'site-servers-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>x</title><link rel="icon" type="image/svg+xml" href="/favicon.svg" /></head><body><div id="root"></div></body></html>');
const otherDatabase = await database.openAnother();
const other = await buildApp({ config, database: otherDatabase, client: { root, renderPage: createPageRenderer(otherDatabase.db, config) } });
await other.ready();
afterAll(async () => {
  await other.close();
  await otherDatabase.close();
});

const admin = await createUser(app, db, { isAdmin: true });
const siteName = async (server: FastifyInstance) => (await server.inject({ url: '/api/site' })).json().siteName as string;
const page = async () => (await other.inject({ url: '/categories' })).body;

describe('a Site settings save on one server', () => {
  it('is seen by the other server, its pages and its cached answers, within seconds', async () => {
    // Both have the environment's name, and the other has it cached.
    expect(await siteName(other)).toBe('Env Directory');
    expect(await page()).toContain('content="Env Directory"');

    const current = (await app.inject({ url: '/api/admin/site', headers: { cookie: admin.cookie } })).json();
    const saved = await app.inject({ method: 'PUT', url: '/api/admin/site', headers: { cookie: admin.cookie }, payload: { ...current, siteName: 'Resell Hub', accentColour: '#0f766e' } });
    expect(saved.statusCode, saved.body).toBe(200);
    // The server that saved shows it in its very next answer.
    expect(await siteName(app)).toBe('Resell Hub');

    const started = Date.now();
    await expect.poll(() => siteName(other), { timeout: 5_000 }).toBe('Resell Hub');
    expect(Date.now() - started).toBeLessThan(5_000);
    const html = await page();
    expect(html).toContain('<meta property="og:site_name" content="Resell Hub" />');
    expect(html).toContain('| Resell Hub</title>');
    expect(html).not.toContain('Env Directory');
    expect(html).toContain('--color-primary:#0f766e');
  });
});
