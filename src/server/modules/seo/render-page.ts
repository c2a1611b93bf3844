import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import type { Config } from '../../config';
import type { RenderedPage } from '../../plugins/client';
import type { ReadDb } from '../../plugins/read-db';
import { compareHref, canonicalCompareIds } from '../../../shared/compare-ids';
import { QUERY_STATE_ID } from '../../../shared/page-data-ids';
import { type AppRenderer, inProcessFetch } from '../pages/render-app';
import { findProgramme } from '../partner-programmes/partner-programmes.queries';
import { listingJsonLd, scriptSafeJson } from './json-ld';
import { resolveMeta } from './meta.service';
import { pageOfAddress } from './page-address';
import { listIndexing } from './list-indexing';
import { isNoindexPage } from './page-names';
import { DEFAULT_ACCENT, type SiteBrandSettings } from '../../../shared/schemas/site-brand';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The path and query of a request as sent ('//x' stays a path: new URL would read it as a host). */
function splitUrl(url: string): { pathname: string; search: URLSearchParams } {
  const mark = url.indexOf('?');
  return mark < 0 ? { pathname: url, search: new URLSearchParams() } : { pathname: url.slice(0, mark), search: new URLSearchParams(url.slice(mark + 1)) };
}

/**
 * The accent colour as the stylesheet's own variables (src/web/styles.css), unlayered so it wins
 * over the theme's defaults; the colour passed the schema's #rrggbb check, so it is safe in CSS.
 */
function brandTags(brand: SiteBrandSettings): string[] {
  if (brand.accentColour === DEFAULT_ACCENT) return [];
  const c = brand.accentColour;
  return [`<style>:root{--color-primary:${c};--color-primary-hover:color-mix(in srgb,${c} 85%,black);--color-primary-soft:color-mix(in srgb,${c} 10%,white)}</style>`];
}

/**
 * One page, whole, for one request (docs/decisions/server-rendering.md): the client's own render
 * of the page (`renderApp`, src/web/entry-server.tsx) inside index.html's root, the query cache it
 * was rendered from beside it for the browser to hydrate, and each page's resolved title,
 * description, canonical address, Open Graph tags and (on listing pages) JSON-LD in the head, so
 * crawlers and link previews see everything without running the client. The client's usePageMeta
 * keeps the head current while a person navigates. A listing, category or provider that no visitor
 * can see is reported as not found (a 404 with noindex), and the page shows the not-found screen.
 * Without `renderApp` (the dev server) the body stays the empty shell the browser fills.
 */
export function createPageRenderer(reads: Database | ReadDb, envConfig: Pick<Config, 'productName' | 'siteName' | 'siteUrl'>, renderApp?: AppRenderer) {
  // With replicas, the head is read where the page's own reads go (plugins/read-db.ts).
  const dbFor = (request: FastifyRequest): Database => ('for' in reads ? reads.for(request) : reads);
  return async function renderPage(html: string, request: FastifyRequest): Promise<RenderedPage> {
    const db = dbFor(request);
    // The operator's brand in force on this server (modules/site/site-brand.ts): read here, so the
    // first paint already has it and no default brand flashes.
    const brand = request.server.siteBrand?.current();
    const config = brand ? { ...envConfig, productName: brand.productName, siteName: brand.siteName } : envConfig;
    const { pathname, search } = splitUrl(request.url);
    const address = pageOfAddress(pathname, search);
    // The body and the head are read side by side; either failing serves the plain client (plugins/client.ts).
    const [resolved, app] = await Promise.all([
      resolveMeta(db, config, address, request.user),
      renderApp?.({ url: request.url, fetch: inProcessFetch(request), onError: (err) => request.log.warn({ err }, 'A component failed in the server render; the browser renders it') }),
    ]);
    const meta = resolved.found ? resolved : await resolveMeta(db, config, { page: 'not-found' });
    const list = listIndexing(address.page, search);
    // A pending or rejected listing's page, for an administrator or its provider: never indexed, no JSON-LD.
    const noindex = !resolved.found || !!resolved.unpublished || isNoindexPage(address.page);

    // Entities are named by their slug address, whichever key the request used; other pages by their
    // path; a plain list's deeper page by its page number too (any other parameter is dropped).
    // A comparison by its ids in canonical order, however the address listed them.
    const path = address.page === 'compare' && resolved.found ? compareHref(canonicalCompareIds(search.get('ids'))) : (meta.canonicalPath ?? (pathname.replace(/\/+$/, '') || '/'));
    const pageQuery = list.index && list.pageQuery ? `${path.includes('?') ? '&' : '?'}${list.pageQuery}` : '';
    const canonical = `${config.siteUrl}${path}${pageQuery}`;
    const image = meta.listing?.listing.imageUrl ?? meta.listing?.listing.screenshotUrl;
    const described = meta.unpublished ? undefined : meta.listing;
    const partner = described && (await findProgramme(db, described.listing.id));
    const jsonLd = described && listingJsonLd(described, canonical, config.siteUrl, partner);
    const tags = [
      // A page that asks not to be indexed names no canonical address: the two signals would disagree.
      ...(noindex
        ? ['<meta name="robots" content="noindex" />']
        : // A searched or filtered list: out of the index, but its links still lead a crawler to the listings.
          !list.index
          ? ['<meta name="robots" content="noindex, follow" />']
          : [`<link rel="canonical" href="${escapeHtml(canonical)}" />`]),
      `<meta property="og:site_name" content="${escapeHtml(config.siteName)}" />`,
      `<meta property="og:type" content="${meta.listing ? 'product' : 'website'}" />`,
      `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      ...(image ? [`<meta property="og:image" content="${escapeHtml(image.startsWith('/') ? `${config.siteUrl}${image}` : image)}" />`] : []),
      `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
      ...(jsonLd ? [`<script type="application/ld+json">${scriptSafeJson(jsonLd)}</script>`] : []),
    ];

    const title = `<title>${escapeHtml(meta.title)}</title>`;
    const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
    // The operator's favicon replaces the stock one.
    if (brand?.favicon) html = html.replace(/<link rel="icon"[^>]*>/i, () => `<link rel="icon" type="image/webp" href="${escapeHtml(brand.favicon!)}" />`);
    let page = /<title>[\s\S]*?<\/title>/i.test(html) ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title) : html.replace(/<\/head>/i, () => `${title}</head>`);
    page = /<meta\s+name="description"[^>]*>/i.test(page)
      ? page.replace(/<meta\s+name="description"[^>]*>/i, () => description)
      : page.replace(/<\/head>/i, () => `${description}</head>`);
    if (app?.head) tags.push(app.head);
    if (brand) tags.push(...brandTags(brand));
    page = page.replace(/<\/head>/i, () => `    ${tags.join('\n    ')}\n  </head>`);
    if (app) {
      // JSON in a script the browser does not run: no nonce needed under the CSP, and scriptSafeJson
      // keeps any text in the data (a "</script>" in a review) from ending the tag.
      const state = `<script type="application/json" id="${QUERY_STATE_ID}">${scriptSafeJson(app.state)}</script>`;
      page = page.replace(/<div id="root"><\/div>/, () => `<div id="root">${app.html}</div>\n    ${state}`);
    }
    return { html: page, found: resolved.found };
  };
}
