import type { Listing } from '../src/shared/types';
import { expect, test } from './fixtures';

// Icons are drawn from one SVG sprite, a hashed static asset, by <use href> (components/ui/icons.tsx,
// docs/decisions/icon-sprite.md): the page carries a reference, not the drawing. These check that
// the references hold and that the icons look as lucide's inline ones did.

/** Every <svg> opening tag of the page's app markup, with the <use> it holds, if any. */
const icons = (html: string) => [...html.matchAll(/<svg\b([^>]*)>(?:<use href="([^"]*)")?/g)].map((match) => ({ svg: match[1]!, href: match[2] }));

test('every icon of the public pages is a symbol of the one sprite, which is served as a long-cached image', async ({ request }) => {
  const [service] = (await (await request.get('/api/services?limit=1')).json()) as Listing[];
  const hrefs = new Set<string>();
  for (const path of ['/', '/services', `/service/${service!.slug}`, '/categories', '/trending', '/contact', '/no-such-page']) {
    const html = await (await request.get(path)).text();
    const found = icons(html);
    expect(found.length, path).toBeGreaterThan(0);
    for (const { svg, href } of found) {
      expect([path, svg, href]).toEqual([path, svg, expect.stringMatching(/^\/assets\/icons-[\w-]{8}\.svg#[a-z0-9-]+$/)]);
      hrefs.add(href!);
    }
  }
  const sprites = new Set([...hrefs].map((href) => href.split('#')[0]!));
  expect(sprites.size).toBe(1);

  const sprite = await request.get([...sprites][0]!);
  expect(sprite.status()).toBe(200);
  expect(sprite.headers()['content-type']).toBe('image/svg+xml');
  expect(sprite.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const symbols = await sprite.text();
  for (const href of hrefs) expect(symbols, href).toContain(`<symbol id="${href.split('#')[1]}" `);
});

test("icons are drawn from the sprite at lucide's size, stroke and colours, the rating's star filled", async ({ page }) => {
  await page.goto('/services');
  // Each shown icon's <use> has a drawing once the sprite has loaded and holds its symbol; one whose
  // symbol is missing has none. (Icons of hidden parts, such as the mobile menu's, have none either.)
  const card = page.getByRole('main').getByRole('article').first();
  const undrawn = () =>
    page.locator('svg.icon').evaluateAll((svgs) =>
      svgs.filter((svg) => svg.checkVisibility() && svg.querySelector('use')!.getBBox().width === 0).map((svg) => svg.outerHTML),
    );
  await expect.poll(undrawn).toEqual([]);
  expect(await page.locator('svg.icon').evaluateAll((svgs) => svgs.filter((svg) => svg.checkVisibility()).length)).toBeGreaterThan(20);

  const look = (selector: string) =>
    card.locator(selector).first().evaluate((svg) => {
      const style = getComputedStyle(svg);
      return { width: style.width, height: style.height, fill: style.fill, stroke: style.stroke, color: style.color, strokeWidth: style.strokeWidth, cap: style.strokeLinecap, join: style.strokeLinejoin, hidden: svg.getAttribute('aria-hidden') };
    });
  // The rating's star: fill-amber-400 text-amber-400 at 16 px.
  const star = await look('svg.fill-amber-400');
  expect(star).toMatchObject({ width: '16px', height: '16px', strokeWidth: '2px', cap: 'round', join: 'round', hidden: 'true' });
  expect(star.fill).toBe(star.color);
  expect(star.stroke).toBe(star.color);
  // The favourite's heart: an outline in the current colour.
  const heart = await look('button svg');
  expect(heart).toMatchObject({ fill: 'none', strokeWidth: '2px', hidden: 'true' });
  expect(heart.stroke).toBe(heart.color);
});
