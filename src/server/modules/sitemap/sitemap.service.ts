import type { Database } from '../../../db/client';
import { allCategories, approvedListings, providersWithLiveListings } from './sitemap.queries';
import { listingNoun } from '../../../shared/listing-type';

const staticPaths = ['/', '/tools', '/services', '/categories', '/trending', '/contact', '/privacy-policy', '/terms-conditions'];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const entry = (loc: string, lastmod?: Date) =>
  `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;

/** The sitemap of every public page: the fixed pages, live listings, categories and providers. */
export async function buildSitemap(db: Database, siteUrl: string): Promise<string> {
  const [listingRows, categoryRows, providerRows] = await Promise.all([approvedListings(db), allCategories(db), providersWithLiveListings(db)]);
  const slug = (value: string) => encodeURIComponent(value);
  const urls = [
    ...staticPaths.map((path) => entry(`${siteUrl}${path}`)),
    ...listingRows.map((row) => entry(`${siteUrl}/${listingNoun(row.type)}/${slug(row.slug)}`, row.updatedAt)),
    ...categoryRows.map((row) => entry(`${siteUrl}/category/${slug(row.slug)}?type=${row.type}`, row.updatedAt)),
    ...providerRows.map((row) => entry(`${siteUrl}/company/${slug(row.slug)}`, row.updatedAt)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function buildRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Private screens: nothing there for a search engine, and every one asks for sign-in.
    'Disallow: /admin',
    'Disallow: /dashboard',
    'Disallow: /provider',
    'Disallow: /favorites',
    'Disallow: /api/',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
