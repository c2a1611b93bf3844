import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import type { Config } from '../../config';
import type { RenderedPage } from '../../plugins/client';
import { listingJsonLd, scriptSafeJson } from './json-ld';
import { resolveMeta } from './meta.service';
import { pageOfAddress } from './page-address';
import { isNoindexPage } from './page-names';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The path and query of a request as sent ('//x' stays a path: new URL would read it as a host). */
function splitUrl(url: string): { pathname: string; search: URLSearchParams } {
  const mark = url.indexOf('?');
  return mark < 0 ? { pathname: url, search: new URLSearchParams() } : { pathname: url.slice(0, mark), search: new URLSearchParams(url.slice(mark + 1)) };
}

/**
 * Puts each page's resolved title, description, canonical address, Open Graph tags and (on
 * listing pages) JSON-LD into the served index.html, so crawlers and link previews see them
 * without running the client. The client's usePageMeta keeps them current while a person navigates.
 * A listing, category or provider that no visitor can see is reported as not found (a 404 with
 * noindex), while the client still shows its own not-found screen.
 */
export function createPageRenderer(db: Database, config: Pick<Config, 'productName' | 'siteName' | 'siteUrl'>) {
  return async function renderPage(html: string, request: FastifyRequest): Promise<RenderedPage> {
    const { pathname, search } = splitUrl(request.url);
    const address = pageOfAddress(pathname, search);
    const resolved = await resolveMeta(db, config, address);
    const meta = resolved.found ? resolved : await resolveMeta(db, config, { page: 'not-found' });
    const noindex = !resolved.found || isNoindexPage(address.page);

    // Entities are named by their slug address, whichever key the request used; other pages by their path.
    const canonical = `${config.siteUrl}${meta.canonicalPath ?? (pathname.replace(/\/+$/, '') || '/')}`;
    const image = meta.listing?.listing.imageUrl ?? meta.listing?.listing.screenshotUrl;
    const jsonLd = meta.listing && listingJsonLd(meta.listing, canonical, config.siteUrl);
    const tags = [
      // A page that asks not to be indexed names no canonical address: the two signals would disagree.
      ...(noindex ? ['<meta name="robots" content="noindex" />'] : [`<link rel="canonical" href="${escapeHtml(canonical)}" />`]),
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
    let page = /<title>[\s\S]*?<\/title>/i.test(html) ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title) : html.replace(/<\/head>/i, () => `${title}</head>`);
    page = /<meta\s+name="description"[^>]*>/i.test(page)
      ? page.replace(/<meta\s+name="description"[^>]*>/i, () => description)
      : page.replace(/<\/head>/i, () => `${description}</head>`);
    return { html: page.replace(/<\/head>/i, () => `    ${tags.join('\n    ')}\n  </head>`), found: resolved.found };
  };
}
