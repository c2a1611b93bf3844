import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin } from 'vite';
import { iconNames } from '../src/web/components/ui/icon-names.ts';

/** What the client imports: the sprite's address, e.g. "/assets/icons-3fA9c0de.svg". */
export const ICON_SPRITE_MODULE = 'virtual:icon-sprite';
const resolvedId = `\0${ICON_SPRITE_MODULE}`;

/** One element of lucide's icon data: a tag and its attributes ("key" is React's, not SVG's). */
type IconNode = [tag: string, attributes: Record<string, string | number>][];

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Lucide's data for one icon, from the module lucide-react itself draws it with
 * (lucide-react/icons/<name>, which exports it as `__iconData`), so the sprite follows the
 * installed version.
 */
async function lucideIcon(name: string): Promise<{ node: IconNode; size: number }> {
  let module: { __iconData?: { node: IconNode; size?: number } };
  try {
    module = (await import(`lucide-react/icons/${name}`)) as typeof module;
  } catch {
    throw new Error(`"${name}" (src/web/components/ui/icon-names.ts) is not a lucide icon: use the name of its file in lucide-react/dist/esm/icons`);
  }
  if (!module.__iconData) throw new Error(`lucide-react/icons/${name} no longer exports __iconData: the icon sprite needs another way to read it`);
  return { node: module.__iconData.node, size: module.__iconData.size ?? 24 };
}

/**
 * The sprite: one <symbol> per icon, holding exactly lucide's elements. No fill or stroke here: an
 * attribute on the symbol would shadow what each icon inherits from its own <svg> (the `icon` rule
 * in styles.css, and classes such as fill-amber-400), as lucide's inline icons inherit it.
 */
export async function buildIconSprite(names: readonly string[]): Promise<string> {
  const symbols = await Promise.all(names.map(async (name) => {
    const { node, size } = await lucideIcon(name);
    const children = node.map(([tag, attributes]) => {
      const written = Object.entries(attributes)
        .filter(([attribute]) => attribute !== 'key')
        .map(([attribute, value]) => ` ${attribute}="${escapeXml(String(value))}"`)
        .join('');
      return `<${tag}${written}/>`;
    });
    return `<symbol id="${name}" viewBox="0 0 ${size} ${size}">${children.join('')}</symbol>`;
  }));
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/**
 * The app's icons as one SVG sprite, a static asset under a content-hashed name that every icon
 * points at with <use href> (components/ui/icons.tsx; docs/decisions/icon-sprite.md). Built from
 * the list in icon-names.ts on every build, never committed, so it cannot drift from the list or
 * from lucide. The client and the server render each compute the same name from the same content
 * (their markup must match for hydration); only the client build writes the file, beside its other
 * assets, and the dev server answers it from memory. Not a Vite-imported asset on purpose: Vite
 * inlines small assets as data: URLs, which <use> does not accept.
 */
export function iconSprite(): Plugin {
  let sprite = '';
  let fileName = '';
  let url = '';
  return {
    name: 'icon-sprite',
    async configResolved(config) {
      sprite = await buildIconSprite(iconNames);
      const hash = createHash('sha256').update(sprite).digest('base64url').slice(0, 8);
      fileName = path.posix.join(config.build.assetsDir, `icons-${hash}.svg`);
      url = `${config.base}${fileName}`;
    },
    resolveId: (id) => (id === ICON_SPRITE_MODULE ? resolvedId : undefined),
    load: (id) => (id === resolvedId ? `export default ${JSON.stringify(url)};` : undefined),
    generateBundle() {
      if (this.environment.name === 'client') this.emitFile({ type: 'asset', fileName, source: sprite });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== url) return next();
        response.setHeader('content-type', 'image/svg+xml');
        response.end(sprite);
      });
    },
  };
}
