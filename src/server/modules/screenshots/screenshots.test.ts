import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runsChromiumTests } from '../../../../test/chromium';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { listings } from '../../../db/schema/listings';
import { approveListing } from '../listings/listing-moderation';
import { isPublicAddress } from './address-check';
import { DEFAULT_CHROMIUM_PATH, resumeScreenshots, type ScreenshotDeps, takeScreenshot, whenScreenshotsIdle } from './screenshots.service';

// A page that is unmistakably not the placeholder: solid red, plus a probe that must never be
// fetched because it sits on a host the allow-list does not name.
const hits: string[] = [];
const site: Server = createServer((request, response) => {
  hits.push(`${request.headers.host}${request.url}`);
  const probe = `http://localhost:${(site.address() as AddressInfo).port}/secret`;
  if (request.url === '/redirect-to-private') {
    response.writeHead(302, { location: probe }).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end(`<!doctype html><html><body style="margin:0;background:#e11d48"><h1>Red tool</h1><img src="${probe}"></body></html>`);
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const port = (site.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const allowed = await createTestApp({ screenshotAllowedHosts: ['127.0.0.1'] });
const strict = await createTestApp();

async function createTool(target: typeof allowed, websiteUrl: string, title = 'Shot Tool') {
  const provider = await createUser(target.app, target.db, { isProvider: true });
  const category = await createCategory(target.db, { type: 'tools' });
  const res = await target.app.inject({
    method: 'POST',
    url: '/api/tools',
    headers: { cookie: provider.cookie },
    payload: { title, description: 'A tool', categoryId: category.id, websiteUrl },
  });
  expect(res.statusCode).toBe(201);
  return { tool: res.json(), provider, category };
}

const screenshotOf = async (target: typeof allowed, id: number) =>
  (await target.db.select({ url: listings.screenshotUrl, pending: listings.pendingChanges }).from(listings).where(eq(listings.id, id)))[0]!;

/** Fetches the stored image and answers its format, size and average colour. */
async function inspectImage(target: typeof allowed, url: string | null | undefined) {
  expect(url).toMatch(/^\/api\/images\/[\w-]+$/);
  const res = await target.app.inject({ url: url! });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  const image = sharp(res.rawPayload);
  const [meta, stats] = await Promise.all([image.metadata(), image.stats()]);
  const [r, g, b] = stats.channels.map((channel) => channel.mean);
  return { format: meta.format, width: meta.width, height: meta.height, reddish: r! > 150 && g! < 100 && b! < 120 };
}

const hasChromium = runsChromiumTests(DEFAULT_CHROMIUM_PATH);

describe('tool screenshots', () => {
  it.skipIf(!hasChromium)(`takes a real screenshot of an allow-listed page as an 800x500 WebP (needs ${DEFAULT_CHROMIUM_PATH})`, async () => {
    const { tool } = await createTool(allowed, `http://127.0.0.1:${port}/`);
    expect(tool.screenshotUrl).toBeNull(); // the request did not wait for the browser
    await whenScreenshotsIdle();
    const image = await inspectImage(allowed, (await screenshotOf(allowed, tool.id)).url);
    expect(image).toEqual({ format: 'webp', width: 800, height: 500, reddish: true });
    // The page's image on a host outside the allow-list was blocked inside the browser.
    expect(hits.filter((hit) => hit.startsWith('localhost'))).toEqual([]);
  });

  it.skipIf(!hasChromium)('follows no redirect into private addresses: the tool gets the placeholder', async () => {
    const { tool } = await createTool(allowed, `http://127.0.0.1:${port}/redirect-to-private`);
    await whenScreenshotsIdle();
    const image = await inspectImage(allowed, (await screenshotOf(allowed, tool.id)).url);
    expect(image).toEqual({ format: 'webp', width: 800, height: 500, reddish: false });
    expect(hits.filter((hit) => hit.startsWith('localhost'))).toEqual([]);
  });

  it('refuses private, loopback and link-local addresses and gives a placeholder instead', async () => {
    const before = hits.length;
    for (const url of ['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', `http://localhost:${port}/`, `http://127.0.0.1:${port}/`, 'http://[::1]/']) {
      const { tool } = await createTool(strict, url, 'Refused Tool');
      await whenScreenshotsIdle();
      const image = await inspectImage(strict, (await screenshotOf(strict, tool.id)).url);
      expect({ url, ...image }).toEqual({ url, format: 'webp', width: 800, height: 500, reddish: false });
    }
    expect(hits.length).toBe(before);
  });

  it('gives a placeholder when Chromium is missing, without blocking the listing', async () => {
    const noBrowser = await createTestApp({ screenshotAllowedHosts: ['127.0.0.1'], chromiumPath: '/nonexistent/chromium' });
    const { tool } = await createTool(noBrowser, `http://127.0.0.1:${port}/`);
    await whenScreenshotsIdle();
    const image = await inspectImage(noBrowser, (await screenshotOf(noBrowser, tool.id)).url);
    expect(image.reddish).toBe(false);
    expect(image.width).toBe(800);
  });

  it('photographs a proposed address for the proposal, and the approval makes it live', async () => {
    const { tool, provider, category } = await createTool(strict, 'http://10.0.0.1/', 'Moving Tool');
    await whenScreenshotsIdle();
    await approveListing(strict.db, 'tools', tool.id);
    const liveShot = (await screenshotOf(strict, tool.id)).url;

    const edit = await strict.app.inject({
      method: 'PATCH',
      url: `/api/tools/${tool.id}`,
      headers: { cookie: provider.cookie },
      payload: { title: 'Moving Tool', description: 'A tool', categoryId: category.id, websiteUrl: 'http://10.0.0.2/' },
    });
    expect(edit.json()).toMatchObject({ websiteUrl: 'http://10.0.0.1/', screenshotUrl: liveShot, hasPendingChanges: true });
    await whenScreenshotsIdle();
    const proposal = await screenshotOf(strict, tool.id);
    expect(proposal.url).toBe(liveShot);
    expect(proposal.pending?.screenshotUrl).toMatch(/^\/api\/images\//);
    expect(proposal.pending?.screenshotUrl).not.toBe(liveShot);

    const approved = await approveListing(strict.db, 'tools', tool.id);
    expect(approved).toMatchObject({ websiteUrl: 'http://10.0.0.2/', screenshotUrl: proposal.pending!.screenshotUrl });
    // The old address's screenshot is gone with it; the new one is served.
    expect((await strict.app.inject({ url: liveShot! })).statusCode).toBe(404);
    expect((await strict.app.inject({ url: approved.screenshotUrl! })).statusCode).toBe(200);
  });

  it('resumes, at start-up, the screenshots a restart interrupted', async () => {
    const provider = await createUser(strict.app, strict.db, { isProvider: true });
    const category = await createCategory(strict.db, { type: 'tools' });
    const tool = await createListing(strict.db, { type: 'tools', providerId: provider.id, categoryId: category.id, websiteUrl: 'http://10.0.0.9/' });
    await resumeScreenshots({ db: strict.db, config: strict.config, log: strict.app.log });
    await whenScreenshotsIdle();
    expect((await screenshotOf(strict, tool.id)).url).toMatch(/^\/api\/images\//);
  });

  it("resumes the screenshot of a proposed edit's new address, and leaves the live one alone", async () => {
    const { tool } = await createTool(strict, 'http://10.0.0.1/', 'Proposing Tool');
    await whenScreenshotsIdle();
    const live = await approveListing(strict.db, 'tools', tool.id);
    // A proposal whose job a restart dropped: a new address, no screenshot yet.
    const proposal = {
      title: 'Proposing Tool', description: 'A tool', shortDescription: null, categoryId: live.categoryId, price: null, priceType: null,
      deliveryTime: null, tags: [], features: [], websiteUrl: 'http://10.0.0.3/', submittedAt: new Date().toISOString(),
    };
    await strict.db.update(listings).set({ pendingChanges: proposal }).where(eq(listings.id, tool.id));
    await resumeScreenshots({ db: strict.db, config: strict.config, log: strict.app.log });
    await whenScreenshotsIdle();
    const after = await screenshotOf(strict, tool.id);
    expect(after.url).toBe(live.screenshotUrl);
    expect(after.pending?.screenshotUrl).toMatch(/^\/api\/images\//);
    expect(after.pending?.screenshotUrl).not.toBe(live.screenshotUrl);
  });

  it('bounds the whole job by one deadline, logs the failure and gives the placeholder', async () => {
    // A "Chromium" that never starts: only the job's deadline can end the wait for it.
    const folder = mkdtempSync(join(tmpdir(), 'hanging-chromium-'));
    const hanging = join(folder, 'chromium');
    writeFileSync(hanging, '#!/bin/sh\nsleep 30\n');
    chmodSync(hanging, 0o755);
    const provider = await createUser(strict.app, strict.db, { isProvider: true });
    const category = await createCategory(strict.db, { type: 'tools' });
    const url = `http://127.0.0.1:${port}/`;
    const tool = await createListing(strict.db, { type: 'tools', providerId: provider.id, categoryId: category.id, websiteUrl: url });
    const warn = vi.fn();
    const deps: ScreenshotDeps = {
      db: strict.db,
      config: { ...strict.config, chromiumPath: hanging, screenshotAllowedHosts: ['127.0.0.1'] },
      log: { ...strict.app.log, warn } as unknown as ScreenshotDeps['log'],
    };
    const started = Date.now();
    await takeScreenshot(deps, { listingId: tool.id, url, title: 'Slow Tool', ownerId: provider.id }, new AbortController().signal, 500);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ listingId: tool.id, url, reason: expect.stringMatching(/\S/) }), expect.stringContaining('placeholder'));
    const image = await inspectImage(strict, (await screenshotOf(strict, tool.id)).url);
    expect(image).toEqual({ format: 'webp', width: 800, height: 500, reddish: false });
  });

  it('does not take screenshots of services or tools without a website', async () => {
    const { tool } = await createTool(strict, '');
    await whenScreenshotsIdle();
    expect((await screenshotOf(strict, tool.id)).url).toBeNull();
  });
});

describe('public address check', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['2a00:1450:4001::200e', true],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::8.8.8.8', true],
    ['2002:808:808::1', true],
    // IPv4 special-purpose ranges
    ['0.1.2.3', false],
    ['0.0.0.0', false],
    ['10.1.2.3', false],
    ['100.64.0.1', false],
    ['100.127.255.254', false],
    ['127.0.0.1', false],
    ['169.254.169.254', false],
    ['172.16.0.1', false],
    ['172.31.255.254', false],
    ['192.0.0.8', false],
    ['192.0.2.1', false],
    ['192.88.99.1', false],
    ['192.168.0.10', false],
    ['198.18.0.1', false],
    ['198.19.255.254', false],
    ['198.51.100.7', false],
    ['203.0.113.5', false],
    ['224.0.0.1', false],
    ['239.255.255.250', false],
    ['240.0.0.1', false],
    ['255.255.255.255', false],
    // IPv6 special-purpose ranges
    ['::1', false],
    ['::', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['fec0::1', false],
    ['ff02::1', false],
    ['100::1', false],
    ['2001:db8::1', false],
    ['3fff::1', false],
    ['5f00::1', false],
    // IPv4 hidden in IPv6
    ['::7f00:1', false], // IPv4-compatible 127.0.0.1
    ['::127.0.0.1', false],
    ['::a00:1', false], // IPv4-compatible 10.0.0.1
    ['::ffff:127.0.0.1', false], // IPv4-mapped
    ['::ffff:a9fe:a9fe', false],
    ['::ffff:0:7f00:1', false], // IPv4-translated
    ['64:ff9b::10.0.0.1', false], // NAT64
    ['64:ff9b::7f00:1', false],
    ['64:ff9b:1::808:808', false], // local-use NAT64
    ['2002:7f00:1::', false], // 6to4 of 127.0.0.1
    ['2002:a9fe:a9fe::1', false], // 6to4 of 169.254.169.254
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false], // Teredo
    ['not-an-address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
