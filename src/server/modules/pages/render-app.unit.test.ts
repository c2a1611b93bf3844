import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EARLY_EVENTS_SCRIPT } from '../../../shared/early-events';
import { EARLY_EVENTS_CSP_SOURCE, EARLY_EVENTS_TAG, type Manifest, pageAssetTags } from './render-app';

// A build manifest as Vite writes it: the entry (index.html) and its shared chunk, and two pages
// split into their own chunks, one with styles of its own.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'], css: ['assets/index-c.css'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_card-d.js': { file: 'assets/card-d.js', imports: ['_react-b.js'] },
  'pages/home-page.tsx': { file: 'assets/home-page-e.js', imports: ['_card-d.js', '_react-b.js'] },
  'pages/admin-page.tsx': { file: 'assets/admin-page-f.js', imports: ['_card-d.js'], css: ['assets/admin-page-g.css'] },
};

describe('the chunks and styles a rendered page names in its head', () => {
  it("lists the page's chunk and its imports for after the first paint, less what index.html already loads", () => {
    expect(pageAssetTags(manifest, ['pages/home-page.tsx'], { afterFirstPaint: true })).toBe(
      '<script type="application/json" id="app-modules">["/assets/card-d.js","/assets/home-page-e.js"]</script>',
    );
  });

  it('preloads them instead when the code must run first', () => {
    expect(pageAssetTags(manifest, ['pages/home-page.tsx'], { afterFirstPaint: false })).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/card-d.js"><link rel="modulepreload" crossorigin href="/assets/home-page-e.js">',
    );
  });

  it('links the styles of a page that has its own, and names a shared chunk once', () => {
    const tags = pageAssetTags(manifest, ['pages/home-page.tsx', 'pages/admin-page.tsx'], { afterFirstPaint: true });
    expect(tags.startsWith('<link rel="stylesheet" crossorigin href="/assets/admin-page-g.css">')).toBe(true);
    expect(tags.match(/card-d\.js/g)).toHaveLength(1);
    expect(tags).not.toContain('react-b.js');
  });

  it('names nothing for a module the build does not know', () => {
    expect(pageAssetTags(manifest, ['pages/renamed-page.tsx'], { afterFirstPaint: true })).toBe('');
  });
});

describe('the early event contract in the head of every rendered page', () => {
  it('is allowed by the hash of exactly the script the page carries', () => {
    const script = /^<script>([\s\S]*)<\/script>$/.exec(EARLY_EVENTS_TAG)?.[1];
    expect(script).toBe(EARLY_EVENTS_SCRIPT);
    expect(EARLY_EVENTS_CSP_SOURCE).toBe(`'sha256-${createHash('sha256').update(script!).digest('base64')}'`);
  });

  it('is a script a browser can parse, with nothing that would close its element early', () => {
    expect(() => new Function(EARLY_EVENTS_SCRIPT)).not.toThrow();
    expect(EARLY_EVENTS_SCRIPT).not.toMatch(/<\/script|<!--/i);
  });
});
