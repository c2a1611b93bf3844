import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import type { Config } from '../../config';
import { listingJsonLd, scriptSafeJson } from './json-ld';
import { resolveMeta } from './meta.service';
import { pageOfAddress } from './page-address';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Puts each page's resolved title, description, canonical address, Open Graph tags and (on
 * listing pages) JSON-LD into the served index.html, so crawlers and link previews see them
 * without running the client. The client's usePageMeta keeps them current while a person navigates.
 */
export function createPageRenderer(db: Database, config: Pick<Config, 'productName' | 'siteName' | 'siteUrl'>) {
  return async function renderPage(html: string, request: FastifyRequest): Promise<string> {
    const url = new URL(request.url, 'http://page');
    const address = pageOfAddress(url.pathname, url.searchParams);
    const meta = await resolveMeta(db, config, address);

    // The category page is the one address whose query matters (a slug is unique only per type).
    const type = address.page === 'category' && address.type ? `?type=${address.type}` : '';
    const canonical = `${config.siteUrl}${url.pathname.replace(/\/+$/, '') || '/'}${type}`;
    const image = meta.listing?.listing.imageUrl ?? meta.listing?.listing.screenshotUrl;
    const tags = [
      `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
      `<meta property="og:site_name" content="${escapeHtml(config.siteName)}" />`,
      `<meta property="og:type" content="${meta.listing ? 'product' : 'website'}" />`,
      `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      ...(image ? [`<meta property="og:image" content="${escapeHtml(image.startsWith('/') ? `${config.siteUrl}${image}` : image)}" />`] : []),
      `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
      ...(address.page === 'not-found' || ['favorites', 'dashboard', 'provider', 'admin', 'auth'].includes(address.page)
        ? ['<meta name="robots" content="noindex" />']
        : []),
      ...(meta.listing ? [`<script type="application/ld+json">${scriptSafeJson(listingJsonLd(meta.listing, canonical, config.siteUrl))}</script>`] : []),
    ];

    const title = `<title>${escapeHtml(meta.title)}</title>`;
    const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
    let page = /<title>[\s\S]*?<\/title>/i.test(html) ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title) : html.replace(/<\/head>/i, () => `${title}</head>`);
    page = /<meta\s+name="description"[^>]*>/i.test(page)
      ? page.replace(/<meta\s+name="description"[^>]*>/i, () => description)
      : page.replace(/<\/head>/i, () => `${description}</head>`);
    return page.replace(/<\/head>/i, () => `    ${tags.join('\n    ')}\n  </head>`);
  };
}
