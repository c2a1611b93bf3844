import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import spriteUrl from 'virtual:icon-sprite';
import { buildIconSprite } from '../../../../scripts/vite-icon-sprite';
import { iconNames } from './icon-names';
import * as icons from './icons';

// The sprite (scripts/vite-icon-sprite.ts) against lucide's own drawing, and the components against
// the sprite: what keeps the icons looking as lucide-react drew them inline (docs/decisions/icon-sprite.md).

/** The elements of an SVG's markup, written one way whichever way they were closed. */
const elements = (markup: string) => [...markup.matchAll(/<(path|circle|rect|line|ellipse|polyline|polygon)\b([^>]*?)\s*\/?>/g)].map((match) => `${match[1]}${match[2]}`);

describe('the icon sprite', async () => {
  const sprite = await buildIconSprite(iconNames);
  const symbols = new Map([...sprite.matchAll(/<symbol id="([^"]+)" viewBox="([^"]+)">(.*?)<\/symbol>/g)].map((match) => [match[1]!, { viewBox: match[2], body: match[3]! }]));

  it('holds one symbol per listed icon, and nothing else', () => {
    expect([...symbols.keys()]).toEqual([...iconNames]);
    expect(sprite).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"><symbol /);
  });

  it('draws each icon with exactly the elements lucide-react draws inline, and no paint of its own', async () => {
    for (const name of iconNames) {
      const { default: LucideIcon } = (await import(`lucide-react/icons/${name}`)) as { default: ComponentType };
      const inline = renderToStaticMarkup(createElement(LucideIcon));
      const symbol = symbols.get(name)!;
      expect([name, symbol.viewBox]).toEqual([name, /viewBox="([^"]+)"/.exec(inline)![1]]);
      expect([name, elements(symbol.body)]).toEqual([name, elements(inline)]);
    }
    // Fill and stroke come from the icon's own <svg> (styles.css, classes): a symbol must not shadow them.
    expect(sprite).not.toMatch(/<symbol[^>]*(fill|stroke)/);
  });

  it('refuses a name lucide does not have', async () => {
    await expect(buildIconSprite(['no-such-icon'])).rejects.toThrow('"no-such-icon" (src/web/components/ui/icon-names.ts) is not a lucide icon');
  });
});

describe('icon components', () => {
  const rendered = Object.entries(icons).map(([name, Icon]) => ({ name, html: renderToStaticMarkup(createElement(Icon as icons.IconComponent)) }));

  it('point at the sprite, and together use every icon it holds', () => {
    expect(spriteUrl).toMatch(/^\/assets\/icons-[\w-]{8}\.svg$/);
    const used = rendered.map(({ name, html }) => {
      const href = /<use href="([^"]+)"/.exec(html)?.[1];
      expect([name, href?.split('#')[0]]).toEqual([name, spriteUrl]);
      return href!.split('#')[1];
    });
    expect(new Set(used)).toEqual(new Set(iconNames));
  });

  it('keep the classes and labels the call site gives, decorative unless labelled, as lucide-react did', () => {
    expect(renderToStaticMarkup(createElement(icons.Star, { className: 'h-4 w-4 fill-amber-400 text-amber-400' }))).toBe(
      `<svg class="icon h-4 w-4 fill-amber-400 text-amber-400" aria-hidden="true"><use href="${spriteUrl}#star"></use></svg>`,
    );
    expect(renderToStaticMarkup(createElement(icons.Heart))).toBe(`<svg class="icon" aria-hidden="true"><use href="${spriteUrl}#heart"></use></svg>`);
    expect(renderToStaticMarkup(createElement(icons.Heart, { 'aria-label': 'Saved', role: 'img' }))).toBe(
      `<svg class="icon" aria-label="Saved" role="img"><use href="${spriteUrl}#heart"></use></svg>`,
    );
    expect(renderToStaticMarkup(createElement(icons.X, { 'aria-hidden': 'false' }))).toContain('aria-hidden="false"');
  });
});
