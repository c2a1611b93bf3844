import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, type Browser, type Page, expect, request as playwrightRequest, test } from '@playwright/test';
import { PAGE_SIZE } from '../src/web/features/catalog/listing-filters';
import { EARLY_EVENTS_SCRIPT } from '../src/shared/early-events';
import { websiteField } from '../src/shared/schemas/website';
import { waitForHydration } from './fixtures';
import { buildCorpus, type Payload } from './xss/corpus';

// Stored XSS: every payload of the corpus is saved through every field that
// reaches HTML, then every page that shows those fields is opened in Chromium, and the test
// counts scripts that ran. A script proves it ran by calling __xss(id) (or alert/confirm/prompt,
// or by opening a dialog, or by making the browser fetch from another host); a DOM audit also
// fails on anything that would run on a click or a hover (an on* attribute, a javascript: URL,
// a frame, a <base>, a refresh <meta>).
//
// The Content-Security-Policy is switched off in the browser (bypassCSP), so what is measured is
// the escaping and sanitizing itself; the CSP (script-src 'self') stays a second line behind it.
// The spec starts a server of its own on an empty PGlite directory: it changes the site-wide SEO
// templates and fills the catalogue with hostile text, which other specs running in parallel on
// the shared server must not see. XSS_TRACE=1 prints the time of each phase and visit.

const corpus = buildCorpus();
const ADMIN = { email: 'xss-admin@e2e.test', password: 'xss-admin-password' };
const PASSWORD = 'xss-password';

test.describe.configure({ mode: 'serial' });

let server: Awaited<ReturnType<typeof startServer>>;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  rmSync(server.dataDir, { recursive: true, force: true });
});

/** Packs payloads, separated by a space, into strings of at most `max` characters; payloads longer than max are left out. */
function pack(payloads: Payload[], max: number): { text: string; ids: number[] }[] {
  const chunks: { text: string; ids: number[] }[] = [];
  let current: { text: string; ids: number[] } | undefined;
  for (const payload of payloads) {
    const text = payload.text.trim();
    if (text.length > max || !text) continue;
    if (current && current.text.length + 1 + text.length <= max) {
      current.text += ` ${text}`;
      current.ids.push(payload.id);
    } else {
      current = { text, ids: [payload.id] };
      chunks.push(current);
    }
  }
  return chunks;
}

/** Like pack, into slots of several parts (a template's title and description): a part full, the next one fills. */
function packSlots(payloads: Payload[], sizes: number[]): { parts: string[]; ids: number[] }[] {
  const slots: { parts: string[]; ids: number[] }[] = [];
  let slot: { parts: string[]; ids: number[] } | undefined;
  let part = 0;
  for (const payload of payloads) {
    const text = payload.text.trim();
    if (!text || text.length > Math.max(...sizes)) continue;
    for (;;) {
      if (!slot) {
        slot = { parts: sizes.map(() => ''), ids: [] };
        slots.push(slot);
        part = 0;
      }
      const joined = slot.parts[part] ? `${slot.parts[part]} ${text}` : text;
      if (joined.length <= sizes[part]!) {
        slot.parts[part] = joined;
        slot.ids.push(payload.id);
        break;
      }
      if (++part >= sizes.length) slot = undefined;
    }
  }
  return slots;
}

/** Groups of at most `size` payloads of at most `max` characters each (tags, features: one payload per entry). */
function groups(payloads: Payload[], size: number, max: number): { items: string[]; ids: number[] }[] {
  const fitting = payloads.filter((p) => p.text.trim() && p.text.trim().length <= max);
  const out: { items: string[]; ids: number[] }[] = [];
  for (let i = 0; i < fitting.length; i += size) {
    const slice = fitting.slice(i, i + size);
    out.push({ items: slice.map((p) => p.text.trim()), ids: slice.map((p) => p.id) });
  }
  return out;
}

const at = <T,>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<{ baseURL: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'directory-xss-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: baseURL,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the XSS test server exited: ${errors}`);
    const ok = await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { baseURL, child, dataDir };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the XSS test server did not start: ${errors}`);
}

async function ok<T>(response: Promise<APIResponse>, status = [200, 201]): Promise<T> {
  const res = await response;
  const body = await res.text();
  expect(status, `${res.url()}: ${body.slice(0, 300)}`).toContain(res.status());
  return (body ? JSON.parse(body) : undefined) as T;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

type Hit = { page: string; what: string };

/** A browser context that records every sign of a script run by a payload, with the page it ran on. */
async function detectingContext(browser: Browser, baseURL: string, hits: Hit[]) {
  const context = await browser.newContext({ baseURL, bypassCSP: true, viewport: { width: 1280, height: 900 } });
  await context.exposeBinding('__xssReport', (source, what: string) => void hits.push({ page: source.page.url(), what }));
  context.on('page', (page) => page.on('dialog', (dialog) => void dialog.dismiss().then(() => hits.push({ page: page.url(), what: `dialog ${dialog.type()}: ${dialog.message()}` }))));
  await context.addInitScript(() => {
    const report = (what: string) => (window as unknown as { __xssReport: (w: string) => void }).__xssReport(what);
    Object.assign(window, {
      __xss: (id: unknown) => report(`__xss(${String(id)})`),
      alert: (...args: unknown[]) => report(`alert(${args.join(',')})`),
      confirm: (...args: unknown[]) => report(`confirm(${args.join(',')})`),
      prompt: (...args: unknown[]) => report(`prompt(${args.join(',')})`),
    });
  });
  // Anything that leaves the test server (xss.rocks, a CDN, a //host address) is a payload at work.
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin && (url.protocol === 'http:' || url.protocol === 'https:'),
    (route) => {
      // Rich text may show images from other sites (the editor allows them); anything else is a payload at work.
      if (route.request().resourceType() !== 'image') hits.push({ page: route.request().frame().page().url(), what: `${route.request().resourceType()} request to ${route.request().url()}` });
      return route.abort();
    },
  );
  return context;
}

/**
 * Playwright's init scripts do not reach srcdoc frames, so each served document parsed in one gets
 * the same hooks as the first thing in its head, reporting through the parent page's binding.
 */
const FRAME_HOOK = `<script data-xss-hook>for (const n of ['__xss', 'alert', 'confirm', 'prompt']) window[n] = (...a) => parent.__xssReport(window.name + ': ' + n + '(' + a.join(',') + ')');</script>`;
const withFrameHook = (html: string) => (/<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + FRAME_HOOK) : FRAME_HOOK + html);

/**
 * The site as the audit judges it: its host, and the one inline script every page of the app
 * carries (the early event contract, allowed by its hash in the Content-Security-Policy).
 */
type Site = { host: string; ownScript: string };
const siteOf = (host: string): Site => ({ host, ownScript: EARLY_EVENTS_SCRIPT });

/** Everything in the document that could run on a click, a hover or a focus, or is a frame of foreign content. */
function auditDom(site: Site, root: Document = document): string[] {
  const found: string[] = [];
  const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'background', 'dynsrc', 'lowsrc', 'poster', 'srcset', 'ping', 'to', 'values', 'from', 'by']);
  const dangerousTags = new Set(['iframe', 'frame', 'frameset', 'object', 'embed', 'base', 'applet', 'bgsound', 'set', 'animate', 'animatetransform', 'animatemotion', 'discard', 'maction', 'xml', 'isindex', 'keygen', 'marquee']);
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const tag = element.localName.toLowerCase();
    if (dangerousTags.has(tag)) found.push(`<${tag}> element`);
    if (tag === 'meta' && element.getAttribute('http-equiv')) found.push(`<meta http-equiv=${element.getAttribute('http-equiv')}>`);
    if (tag === 'script') {
      const src = element.getAttribute('src');
      const text = element.textContent ?? '';
      const type = element.getAttribute('type') ?? '';
      // Served documents are parsed in srcdoc frames, so a site-relative src is judged by its text.
      const host = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)/i.exec(src ?? '')?.[1];
      if (src && ((host !== undefined && host !== site.host) || /^(javascript|data|vbscript):/i.test(src.trim()))) found.push(`<script src=${src}>`);
      if (!src && type !== 'application/ld+json' && type !== 'application/json' && text.trim() && text !== site.ownScript && !element.hasAttribute('data-xss-hook')) found.push(`inline <script>${text.slice(0, 60)}`);
    }
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`<${tag} ${name}>`);
      // Browsers ignore whitespace and control characters inside a URL's scheme.
      // eslint-disable-next-line no-control-regex
      const value = attribute.value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
      if (urlAttributes.has(name) && /^(javascript|vbscript|livescript):|^data:text\/html/.test(value)) found.push(`<${tag} ${name}=${attribute.value.slice(0, 60)}>`);
      if (name === 'srcdoc') found.push(`<${tag} srcdoc>`);
      if (name === 'style' && /expression\(|javascript:|url\(/i.test(attribute.value)) found.push(`<${tag} style=${attribute.value.slice(0, 60)}>`);
    }
  }
  return found;
}

/** Waits until every image has loaded or failed (onerror payloads would have fired) and a frame has passed. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const pending = Array.from(document.images).filter((image) => !image.complete);
    await Promise.race([
      Promise.all(pending.map((image) => new Promise((resolve) => { image.addEventListener('load', resolve, { once: true }); image.addEventListener('error', resolve, { once: true }); }))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
    // Not requestAnimationFrame: a tab that is not in front gets no frames.
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
}

/** The payload ids whose marker is in the document (text, attributes, head, JSON-LD). */
const idsIn = (html: string) => new Set(Array.from(html.matchAll(/__xss\((\d+)\)/g), (m) => Number(m[1])));

test('a positive control: the detector sees a payload that does run, in a page and on a page of the app', async ({ browser }) => {
  const hits: Hit[] = [];
  const context = await detectingContext(browser, server.baseURL, hits);
  try {
    const page = await context.newPage();
    // setContent: the same payloads, unescaped, as a broken page would serve them.
    await page.setContent('<img src=x onerror=__xss(1)><svg onload=alert(2)></svg><a href="javascript:__xss(3)" id=a>a</a>');
    await settle(page);
    expect(hits.map((hit) => hit.what).sort()).toEqual(['__xss(1)', 'alert(2)']);
    expect(await page.evaluate(auditDom, siteOf(new URL(server.baseURL).host))).toEqual(expect.arrayContaining(['<img onerror>', '<svg onload>', '<a href=javascript:__xss(3)>']));
    // The same in a srcdoc frame, as the served documents are parsed below: the hooks are in every frame.
    const framed = withFrameHook('<html><head><title>t</title></head><body><img src=x onerror=__xss(6)><svg onload=alert(7)></svg></body></html>');
    await page.setContent(`<iframe name="framed" srcdoc="${framed.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></iframe>`);
    await settle(page);
    await expect.poll(() => hits.map((hit) => hit.what).filter((what) => what.startsWith('framed: ')).sort()).toEqual(['framed: __xss(6)', 'framed: alert(7)']);
    expect(await page.mainFrame().childFrames()[0]!.evaluate(auditDom, siteOf('x'))).toEqual(['<img onerror>', '<svg onload>']);
    // A page of the app with markup injected as innerHTML would inject it.
    await page.goto('/');
    await expect(page.locator('main')).toBeVisible();
    // Injected before React has taken the page over, the markup would be a hydration mismatch that
    // React repairs by rendering afresh, taking the frame away before its script runs.
    await waitForHydration(page);
    await settle(page);
    expect(await page.evaluate(auditDom, siteOf(new URL(server.baseURL).host))).toEqual([]);
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<img src=/nope onerror=__xss(4)><iframe srcdoc="<script>parent.__xss(5)</script>"></iframe>'));
    await expect.poll(() => hits.filter((hit) => hit.page.endsWith('/')).map((hit) => hit.what).sort()).toEqual(['__xss(4)', '__xss(5)']);
    // A dialog from a frame the init script did not reach is caught too.
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      document.body.append(frame);
      frame.contentWindow!.alert('from a frame');
    });
    expect(hits.some((hit) => hit.what.includes('from a frame'))).toBe(true);
  } finally {
    await context.close();
  }
});

test('the stored-XSS corpus runs no script on any page that shows it', async ({ browser }) => {
  test.setTimeout(300_000);
  const started = Date.now();
  const apis: APIRequestContext[] = [];
  const newApi = async () => {
    const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
    apis.push(api);
    return api;
  };
  try {
    // ----------------------------------------------------------------------------- the data
    const admin = await newApi();
    await ok(admin.post('/api/login', { data: ADMIN }));
    const stored = new Map<string, Set<number>>(); // field -> payload ids stored in it
    const store = (field: string, ids: number[]) => {
      const set = stored.get(field) ?? new Set<number>();
      for (const id of ids) set.add(id);
      stored.set(field, set);
    };

    // Categories: names of at most 100 characters, descriptions of 1,000, and rich text.
    const names = pack(corpus, 100);
    const descriptions = pack(corpus, 1000);
    const richGroups = pack(corpus, 6000); // one <p> per payload, a group per category with rich text
    const categoryCount = Math.max(names.length, descriptions.length, richGroups.length);
    type Category = { id: number; slug: string; type: 'services' | 'tools'; ids: number[] };
    const categories = await inBatches(Array.from({ length: categoryCount }, (_, i) => i), 6, async (i) => {
      const type = i % 2 ? 'tools' : 'services';
      const name = at(names, i)!;
      const description = i < descriptions.length ? descriptions[i]! : undefined;
      const rich = i < richGroups.length ? corpus.filter((p) => richGroups[i]!.ids.includes(p.id)) : undefined;
      const created = await ok<{ id: number; slug: string }>(
        admin.post('/api/categories', {
          data: {
            name: name.text,
            slug: `xss-${i}`,
            type,
            description: description?.text ?? null,
            bottomContent: rich ? rich.map((p) => `<p>${p.text}</p>`).join('') : null,
          },
        }),
        [201],
      );
      store('category name', name.ids);
      if (description) store('category description', description.ids);
      if (rich) store('category rich text', rich.map((p) => p.id));
      return { id: created.id, slug: created.slug, type, ids: [...name.ids, ...(description?.ids ?? []), ...(rich?.map((p) => p.id) ?? [])] } satisfies Category;
    });
    const categoriesOf = (type: 'services' | 'tools') => categories.filter((c) => c.type === type);

    // Providers and listings: one provider per listing, so that names and company names of
    // at most 100/200 characters carry the whole corpus too.
    const titles = pack(corpus, 200);
    const shorts = pack(corpus, 500);
    const longs = pack(corpus, 20_000);
    const tags = groups(corpus, 30, 100);
    const features = groups([...corpus].reverse(), 30, 100);
    const firstNames = pack(corpus, 100);
    const lastNames = pack([...corpus].reverse(), 100);
    const companies = pack(corpus, 200);
    const bios = pack(corpus, 2000);
    // Addresses must be web addresses: a profile is sent every URL payload (a refused one is checked
    // below), a tool only those the shared website rule keeps, as its create answers 201 or nothing.
    const urlPayloads = corpus.filter((p) => /^https?:\/\//i.test(p.text));
    const websiteRule = websiteField('invalid');
    const keptUrlPayloads = urlPayloads.filter((p) => websiteRule.safeParse(p.text).success);
    // First names take the corpus from the front and last names from the back, so together they carry it all.
    const listingCount = Math.max(titles.length, companies.length, shorts.length);

    type Provider = { api: APIRequestContext; id: string; ids: number[] };
    const providers: Provider[] = await inBatches(Array.from({ length: listingCount }, (_, i) => i), 6, async (i) => {
      const api = await newApi();
      const first = at(firstNames, i)!;
      const last = at(lastNames, i)!;
      const company = at(companies, i)!;
      const bio = i < bios.length ? bios[i]! : undefined;
      const website = at(urlPayloads, i);
      const user = await ok<{ id: string }>(api.post('/api/register', { data: { email: `xss-${i}@example.test`, password: PASSWORD, firstName: first.text, lastName: last.text } }), [201]);
      const profile = { firstName: first.text, lastName: last.text, email: `xss-${i}@example.test`, companyName: company.text, bio: bio?.text ?? null, isProvider: true };
      // The schema takes only http(s) addresses without spaces: a refused one is saved without it.
      const withWebsite = await api.patch('/api/profile', { data: { ...profile, website: website?.text ?? null } });
      const websiteStored = withWebsite.status() === 200;
      if (!websiteStored) {
        expect(withWebsite.status(), await withWebsite.text()).toBe(400);
        await ok(api.patch('/api/profile', { data: { ...profile, website: null } }));
      }
      store('member and provider names', [...first.ids, ...last.ids]);
      store('company name', company.ids);
      if (bio) store('provider bio', bio.ids);
      if (website && websiteStored) store('provider website', [website.id]);
      return { api, id: user.id, ids: [...first.ids, ...last.ids, ...company.ids, ...(bio?.ids ?? [])] };
    });

    type Listing = { id: number; slug: string; type: 'services' | 'tools'; ids: number[]; provider: Provider; category: Category };
    const listings: Listing[] = await inBatches(providers, 6, async (provider, i) => {
      const type = i % 2 ? 'tools' : 'services';
      const category = at(categoriesOf(type), i)!;
      const title = at(titles, i)!;
      const short = at(shorts, i)!;
      // The long fields hold the whole corpus in a few chunks; the other listings repeat the short one (indexing 20,000 characters a hundred times costs seconds).
      const long = i < longs.length ? longs[i]! : short;
      const tagGroup = at(tags, i) ?? { items: [], ids: [] };
      const featureGroup = at(features, i) ?? { items: [], ids: [] };
      const website = at(keptUrlPayloads, i + 1);
      const created = await ok<{ id: number; slug: string }>(
        provider.api.post(`/api/${type}`, {
          data: {
            type,
            title: title.text,
            shortDescription: short.text,
            description: long.text,
            categoryId: category.id,
            price: '120',
            tags: tagGroup.items,
            features: featureGroup.items,
            ...(type === 'services' ? { priceType: 'fixed', deliveryTime: 3 } : { websiteUrl: website?.text ?? '' }),
          },
        }),
        [201],
      );
      await ok(admin.post(`/api/admin/${type}/${created.id}/approve`));
      store('listing title', title.ids);
      store('listing short description', short.ids);
      store('listing description', long.ids);
      store('listing tags', tagGroup.ids);
      store('listing features', featureGroup.ids);
      if (type === 'tools' && website) store('tool website', [website.id]);
      return { id: created.id, slug: created.slug, type, ids: [...title.ids, ...short.ids, ...long.ids, ...tagGroup.ids, ...featureGroup.ids], provider, category };
    });
    // A few on the home page (featured) and in the admin's pending queue (new, and an edit of a live one).
    for (const listing of listings.slice(0, 6).filter((l) => l.type === 'services')) await ok(admin.patch(`/api/admin/services/${listing.id}/featured`, { data: { isFeatured: true } }));
    const pendingTitle = titles[1]!;
    await ok(listings[2]!.provider.api.patch(`/api/services/${listings[2]!.id}`, { data: { title: pendingTitle.text, shortDescription: shorts[1]!.text, description: longs[0]!.text, categoryId: listings[2]!.category.id, price: '130', priceType: 'fixed', deliveryTime: 4, tags: tags[0]!.items, features: [] } }));

    // Reviews: each provider reviews the next listing; comments of up to 5,000 characters.
    const comments = pack(corpus, 4900);
    await inBatches(listings, 6, async (listing, i) => {
      const reviewer = providers[(i + 1) % providers.length]!;
      const comment = i < comments.length ? comments[i]! : at(shorts, i)!;
      const review = await ok<{ id: number }>(reviewer.api.post(`/api/${listing.type}/${listing.id}/reviews`, { data: { rating: 1 + (i % 5), comment: comment.text } }), [201]);
      store('review comment', comment.ids);
      listing.ids.push(...comment.ids);
      // The provider's reply under it shows the same payloads again, as text.
      await ok(listing.provider.api.put(`/api/reviews/${review.id}/reply`, { data: { body: comment.text } }), [201]);
      store('review reply', comment.ids);
    });

    // URL payloads that are not http(s) are refused by the schema, not stored.
    for (const payload of corpus.filter((p) => p.context === 'URL' && !/^https?:\/\//i.test(p.text)).slice(0, 8)) {
      const res = await providers[0]!.api.patch('/api/profile', { data: { firstName: 'A', lastName: 'B', email: 'xss-0@example.test', website: payload.text } });
      expect(res.status(), payload.text).toBe(400);
    }

    // SEO: per-page overrides on every service page; the templates change in rounds below.
    const overrideTitles = pack(corpus, 200);
    const overrideDescriptions = pack(corpus, 500);
    const services = listings.filter((l) => l.type === 'services');
    await inBatches(services, 6, async (listing, i) => {
      const title = at(overrideTitles, i * 2)!;
      const description = at(overrideDescriptions, i)!;
      await ok(admin.post('/api/admin/seo/overrides', { data: { pageType: 'service', entityId: listing.slug, title: title.text, description: description.text } }), [201]);
      store('SEO override', [...title.ids, ...description.ids]);
      listing.ids.push(...title.ids, ...description.ids);
    });
    const setupSeconds = (Date.now() - started) / 1000;
    if (process.env.XSS_TRACE) console.log(`stored in ${setupSeconds} s`);

    // ----------------------------------------------------------------------------- the pages
    // Two kinds of visit, both in Chromium with the detector on:
    // - the served document, fetched over HTTP and parsed by Chromium in a frame without the app's
    //   scripts: what the server writes (head, JSON-LD, anything rendered on the server) runs if
    //   anything injected in it can. Cheap, so every listing, company and category page, and every
    //   SEO template round, gets one.
    // - the whole app: the client renders every field; each field's payloads are all on at least
    //   one of these pages (a subset of detail, company and category pages, the lists, home, the
    //   administrator's screens, the dashboards).
    const hits: Hit[] = [];
    const context = await detectingContext(browser, server.baseURL, hits);
    const servedOnly = await detectingContext(browser, server.baseURL, hits);
    const siteHost = new URL(server.baseURL).host;
    // Only the document itself: every other request fails at once (an <img onerror> payload would still fire).
    const origin = new URL(server.baseURL).origin;
    const appTabs = await Promise.all([1, 2, 3].map(() => context.newPage()));
    const bare = await servedOnly.newPage();
    const marked = new Set(corpus.filter((p) => p.text.includes('__xss(')).map((p) => p.id));
    const audits: { page: string; found: string[] }[] = [];
    const seen = new Map<string, Set<number>>(); // page kind -> payload ids found in its HTML
    const visits = { app: 0, served: 0 };
    type Visit = { kind: string; url: string; ready?: (page: Page) => Promise<void>; expectIds?: number[] };
    const visit = async (tab: Page, { kind, url, ready, expectIds }: Visit) => {
      const t0 = Date.now();
      const response = await tab.goto(url);
      expect(response?.status(), url).toBeLessThan(400);
      const served = await response!.text();
      if (ready) await ready(tab);
      await settle(tab);
      visits[ready ? 'app' : 'served']++;
      if (process.env.XSS_TRACE) console.log(kind, url.slice(0, 40), Date.now() - t0, 'ms');
      audits.push({ page: url, found: await tab.evaluate(auditDom, siteOf(siteHost)) });
      const ids = idsIn(ready ? await tab.evaluate(() => document.documentElement.outerHTML) : served);
      const set = seen.get(kind) ?? new Set<number>();
      for (const id of ids) set.add(id);
      seen.set(kind, set);
      const expected = expectIds?.filter((id) => marked.has(id)) ?? [];
      if (expected.length) expect(expected.filter((id) => ids.has(id)).length, `payload markers on ${url}`).toBeGreaterThan(0);
      expect(new URL(tab.url()).origin, `still on the site after ${url}`).toBe(origin);
      return { served, ids };
    };
    /** The visits, shared out over the tabs. */
    const inTabs = (tabs: Page[], jobs: Visit[]) => {
      const free = [...tabs];
      return inBatches(jobs, tabs.length, async (job) => {
        const tab = free.pop()!;
        let timer: NodeJS.Timeout | undefined;
        try {
          // A hang names its page instead of running into the test's timeout.
          const hung = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no end to the visit of ${job.url}`)), 45_000)));
          return await Promise.race([visit(tab, job), hung]);
        } finally {
          clearTimeout(timer);
          free.push(tab);
        }
      });
    };
    const heading = async (p: Page) => expect(p.locator('h1').first()).toBeVisible();
    const listingUrl = (listing: Listing) => `/${listing.type === 'tools' ? 'tool' : 'service'}/${listing.slug}`;
    const categoryUrl = (category: Category) => `/category/${category.slug}?type=${category.type}`;

    // Served documents: every listing (title, description, JSON-LD, overrides), company and category page.
    const anonymous = await newApi();
    const served: { kind: string; url: string; html: string }[] = [];
    const headIds = new Set<number>();
    const stateIds = new Set<number>();
    const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
    const fetchServed = (jobs: { kind: string; url: string }[]) =>
      inBatches(jobs, 4, async ({ kind, url }) => {
        const response = await anonymous.get(url);
        expect(response.status(), url).toBeLessThan(400);
        const html = await response.text();
        served.push({ kind, url, html });
        const set = seen.get(kind) ?? new Set<number>();
        for (const id of idsIn(html)) set.add(id);
        seen.set(kind, set);
        for (const id of idsIn(headOf(html))) headIds.add(id);
        // The query cache a server-rendered page hydrates from, as JSON inside a <script>.
        for (const [, json] of html.matchAll(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/g)) for (const id of idsIn(json!)) stateIds.add(id);
        return html;
      });
    const detailDocuments = await fetchServed(listings.map((listing) => ({ kind: 'served: listing detail', url: listingUrl(listing) })));
    for (const html of detailDocuments) expect(headOf(html), 'the listing page has JSON-LD').toContain('application/ld+json');
    await fetchServed([
      ...providers.map((provider) => ({ kind: 'served: company page', url: `/company/${provider.id}` })),
      // Every category's name is on the category list and the admin's screen; these also have a description or rich text.
      ...categories.slice(0, Math.max(descriptions.length, richGroups.length)).map((category) => ({ kind: 'served: category page', url: categoryUrl(category) })),
    ]);

    if (process.env.XSS_TRACE) console.log('served pages fetched', (Date.now() - started) / 1000);
    // SEO templates, in rounds: each round writes payloads into the four templates (title and
    // description, around the variables) and takes a page of each type. Every payload goes through one.
    const slots = packSlots(corpus, [180, 470]);
    const tool = listings.find((l) => l.type === 'tools')!;
    const plainService = services.at(-1)!;
    const overrides = await ok<{ id: number; entityId: string }[]>(admin.get('/api/admin/seo/overrides'));
    await ok(admin.delete(`/api/admin/seo/overrides/${overrides.find((o) => o.entityId === plainService.slug)!.id}`), [204]);
    const pageTypes = ['home', 'category', 'service', 'tool'] as const;
    for (let round = 0; round * pageTypes.length < slots.length; round++) {
      await Promise.all(
        pageTypes.map(async (pageType, k) => {
          const slot = at(slots, round * pageTypes.length + k)!;
          await ok(admin.put(`/api/admin/seo/templates/${pageType}`, { data: { title: `{name} ${slot.parts[0]} {siteName}`, description: `${slot.parts[1] || 'x'} {description} {category}` } }));
          store('SEO template', slot.ids);
        }),
      );
      const [home] = await fetchServed([
        { kind: 'served: SEO template', url: '/' },
        { kind: 'served: SEO template', url: categoryUrl(categories[0]!) },
        { kind: 'served: SEO template', url: listingUrl(plainService) },
        { kind: 'served: SEO template', url: listingUrl(tool) },
      ]);
      expect(idsIn(headOf(home!)).size, 'template payloads in the served head').toBeGreaterThan(0);
    }

    if (process.env.XSS_TRACE) console.log('template rounds fetched', (Date.now() - started) / 1000);
    // Chromium parses the served documents, 40 at a time, each in a frame of its own (srcdoc: a
    // whole document, parsed as a navigation would parse it). The frames have no base address, so
    // the app's scripts do not load: what runs is only what the server wrote.
    const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    for (let i = 0; i < served.length; i += 40) {
      const batch = served.slice(i, i + 40);
      await bare.setContent(batch.map((doc, k) => `<iframe name="${attribute(`${i + k} ${doc.url}`)}" srcdoc="${attribute(withFrameHook(doc.html))}"></iframe>`).join(''));
      await settle(bare);
      // One look at every frame's document from the page (srcdoc frames share its origin).
      const results = await bare.evaluate(
        ({ audit, site }) => {
          const auditDocument = new Function(`return (${audit})`)() as (site: Site, root: Document) => string[];
          return Array.from(document.querySelectorAll('iframe'), (frame) => ({
            name: frame.name,
            title: frame.contentDocument?.title ?? '',
            found: frame.contentDocument ? auditDocument(site, frame.contentDocument) : ['no document'],
          }));
        },
        { audit: auditDom.toString(), site: siteOf(siteHost) },
      );
      expect(results.length).toBe(batch.length);
      for (const result of results) {
        // Each frame holds its document: the served <title> is there.
        expect(result.title.length, result.name).toBeGreaterThan(0);
        audits.push({ page: `served ${result.name}`, found: result.found });
      }
      visits.served += batch.length;
    }

    if (process.env.XSS_TRACE) console.log('served documents parsed', (Date.now() - started) / 1000);
    // The app: detail pages until every chunk of the long fields (descriptions, tags, features,
    // reviews) has been shown, company pages for every bio, category pages for every rich text.
    const detailCount = Math.max(longs.length, tags.length, features.length, comments.length, 2);
    await inTabs(appTabs, [
      ...listings.slice(0, detailCount).map((listing) => ({
        kind: 'listing detail',
        url: listingUrl(listing),
        ready: async (p: Page) => {
          await heading(p);
          await expect(p.locator('section[aria-labelledby=reviews-heading] li').first()).toBeVisible();
        },
        expectIds: listing.ids,
      })),
      ...providers.slice(0, Math.max(bios.length, 2)).map((provider) => ({ kind: 'company page', url: `/company/${provider.id}`, ready: heading, expectIds: provider.ids })),
      ...categories.slice(0, Math.max(richGroups.length, 2)).map((category) => ({ kind: 'category page', url: categoryUrl(category), ready: heading, expectIds: category.ids })),
      ...(['services', 'tools'] as const).flatMap((type) =>
        Array.from({ length: Math.ceil(listings.filter((l) => l.type === type).length / PAGE_SIZE) }, (_, n) => ({ kind: 'listings list', url: `/${type}?page=${n + 1}`, ready: heading })),
      ),
      { kind: 'home', url: '/', ready: heading },
      { kind: 'trending', url: '/trending', ready: heading },
      { kind: 'categories list', url: '/categories', ready: heading },
    ]);

    if (process.env.XSS_TRACE) console.log('public app pages', (Date.now() - started) / 1000);
    // The administrator's screens, one tab each.
    expect((await context.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
    const adminTabs = ['Pending Approval', 'Services', 'Tools', 'Categories', 'User Management', 'SEO'];
    await inTabs(
      appTabs,
      adminTabs.map((name) => ({
        kind: `admin: ${name}`,
        url: '/admin',
        ready: async (p: Page) => {
          await p.getByRole('tab', { name, exact: false }).first().click();
          // Every one of these screens shows stored payloads once its data is in.
          await expect(p.getByRole('tabpanel').first()).toContainText('__xss(');
        },
      })),
    );
    if (process.env.XSS_TRACE) console.log('admin tabs', (Date.now() - started) / 1000);
    // The category editor loads the stored rich text into the editor.
    // Whichever admin screen this tab showed last (the screens are shared out among the tabs as
    // they free up), the admin's own "Categories" tab: the Categories screen has "Services
    // Categories" and "Tools Categories" tabs of its own.
    const editor = appTabs[0]!;
    await editor.getByRole('tab', { name: 'Categories', exact: true }).click();
    await editor.getByRole('button', { name: /^Edit / }).first().click();
    await expect(editor.getByRole('dialog')).toBeVisible();
    await settle(editor);
    visits.app++;
    audits.push({ page: 'admin category editor', found: await editor.evaluate(auditDom, siteOf(siteHost)) });
    // The provider's own dashboard shows their listings and profile.
    await context.clearCookies();
    expect((await context.request.post('/api/login', { data: { email: 'xss-0@example.test', password: PASSWORD } })).status()).toBe(200);
    for (const listing of listings.slice(1, 25)) await ok(providers[0]!.api.post(`/api/favorites/${listing.id}`));
    await inTabs(appTabs, [
      { kind: 'provider dashboard', url: '/provider', ready: heading },
      { kind: 'member dashboard', url: '/dashboard', ready: heading },
      { kind: 'favourites', url: '/favorites', ready: async (p: Page) => expect(p.locator('main')).toContainText('__xss('), expectIds: listings[1]!.ids },
    ]);
    await context.close();
    await servedOnly.close();

    // ----------------------------------------------------------------------------- the verdict
    const seconds = (Date.now() - started) / 1000;
    const allSeen = new Set<number>();
    for (const set of seen.values()) for (const id of set) allSeen.add(id);
    const report = [
      `Stored XSS: ${corpus.length} payloads (${corpus.filter((p) => p.source === 'hand').length} hand-written, ${corpus.filter((p) => p.source !== 'hand').length} from the OWASP and PortSwigger cheat sheets)`,
      `  fields written (payloads stored in each):`,
      ...[...stored].map(([field, ids]) => `    ${field.padEnd(28)} ${ids.size}`),
      `  pages visited: ${visits.app + visits.served} (${visits.app} with the app running, ${visits.served} served documents with the app held back); payload markers seen: ${allSeen.size} of ${marked.size}; in served heads: ${headIds.size}; in inline JSON: ${stateIds.size}`,
      ...[...seen].map(([kind, ids]) => `    ${kind.padEnd(28)} ${ids.size} payloads`),
      `  scripts run: ${hits.length}; DOM audit findings: ${audits.reduce((n, a) => n + a.found.length, 0)}`,
      `  time: ${setupSeconds.toFixed(1)} s to store, ${(seconds - setupSeconds).toFixed(1)} s in the browser`,
    ];
    console.log(report.join('\n'));
    expect(hits, 'scripts run by payloads').toEqual([]);
    expect(audits.filter((a) => a.found.length), 'DOM audit').toEqual([]);
    // The test cannot pass by showing nothing: every payload with a marker was on some page, and in some served head.
    expect(allSeen.size, 'payloads seen on the pages').toBe(marked.size);
    expect(headIds.size, 'payloads seen in served heads').toBe(marked.size);
    for (const [field, ids] of stored) if (!field.includes('website')) expect(ids.size, field).toBeGreaterThan(corpus.length * 0.9);
  } finally {
    for (const api of apis) await api.dispose();
  }
});
