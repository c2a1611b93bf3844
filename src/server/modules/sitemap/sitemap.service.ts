import type { Database } from '../../../db/client';
import { categoryPath, listingPath, providerPath } from '../seo/entity-paths';
import * as queries from './sitemap.queries';
import { createTtlCache } from './ttl-cache';

export type SitemapOptions = {
  /** URLs per sitemap file: the protocol allows 50,000; fewer keeps each file quick to build and fetch. */
  chunkSize: number;
  /** How long a built file is reused: crawlers fetch in bursts, and a sitemap minutes old is fine. */
  cacheMs: number;
  now?: () => number;
};

export const defaultSitemapOptions: SitemapOptions = { chunkSize: 10_000, cacheMs: 10 * 60_000 };

const staticPaths = ['/', '/tools', '/services', '/categories', '/trending', '/contact', '/privacy-policy', '/terms-conditions', '/how-reviews-work', '/pricing'];

type Row = { path: string; updatedAt?: Date };
type Section = { count: (db: Database) => Promise<number>; chunk: (db: Database, chunk: queries.Chunk) => Promise<Row[]> };

/** The sections that grow with the catalogue, each split into numbered files. */
const sections = {
  listings: {
    count: queries.countLiveListings,
    chunk: async (db, chunk) => (await queries.liveListingsChunk(db, chunk)).map((row) => ({ path: listingPath(row), updatedAt: row.updatedAt })),
  },
  categories: {
    count: queries.countCategories,
    chunk: async (db, chunk) => (await queries.categoriesChunk(db, chunk)).map((row) => ({ path: categoryPath(row), updatedAt: row.updatedAt })),
  },
  providers: {
    count: queries.countPublicProviders,
    chunk: async (db, chunk) => (await queries.publicProvidersChunk(db, chunk)).map((row) => ({ path: providerPath(row), updatedAt: row.updatedAt })),
  },
} satisfies Record<string, Section>;

export type SitemapSection = keyof typeof sections;
export const sitemapSections = Object.keys(sections) as SitemapSection[];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const day = (date: Date) => date.toISOString().slice(0, 10);

const urlset = (siteUrl: string, rows: Row[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows
    .map((row) => `  <url><loc>${escapeXml(siteUrl + row.path)}</loc>${row.updatedAt ? `<lastmod>${day(row.updatedAt)}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;

export const chunkFileName = (section: SitemapSection, page: number) => `/sitemap-${section}-${page}.xml`;

/**
 * /sitemap.xml is a sitemap index: one file of fixed pages, then each section in files of at
 * most `chunkSize` URLs (rows in id order, offset pages), so no file passes the protocol's
 * 50,000 URLs however large the catalogue grows. Built files are cached for `cacheMs`.
 */
export function createSitemaps(db: Database, siteUrl: string, options: SitemapOptions) {
  const { chunkSize } = options;
  const counts = createTtlCache<Record<SitemapSection, number>>(options.cacheMs, options.now);
  const files = createTtlCache<string>(options.cacheMs, options.now);

  const fileCounts = () =>
    counts.get('counts', async () => {
      const totals = await Promise.all(sitemapSections.map((section) => sections[section].count(db)));
      return Object.fromEntries(sitemapSections.map((section, i) => [section, Math.ceil(totals[i]! / chunkSize)])) as Record<SitemapSection, number>;
    });

  return {
    index: () =>
      files.get('index', async () => {
        const perSection = await fileCounts();
        const names = ['/sitemap-pages.xml', ...sitemapSections.flatMap((section) => Array.from({ length: perSection[section] }, (_, i) => chunkFileName(section, i + 1)))];
        return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${names
          .map((name) => `  <sitemap><loc>${escapeXml(siteUrl + name)}</loc></sitemap>`)
          .join('\n')}\n</sitemapindex>\n`;
      }),

    pages: () => urlset(siteUrl, staticPaths.map((path) => ({ path }))),

    /** One numbered file of a section; undefined when the index names no such file. */
    async chunk(section: SitemapSection, pageText: string): Promise<string | undefined> {
      if (!/^[1-9]\d{0,8}$/.test(pageText)) return undefined;
      const page = Number(pageText);
      // Checked before the file cache, so made-up page numbers never fill it.
      if (page > (await fileCounts())[section]) return undefined;
      return files.get(`${section}-${page}`, async () =>
        urlset(siteUrl, await sections[section].chunk(db, { limit: chunkSize, offset: (page - 1) * chunkSize })),
      );
    },
  };
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
    // Crawl budget (docs/decisions/crawlable-catalogue.md): searches and filter combinations are
    // endless and say noindex anyway; the sitemap's addresses (plain lists, categories with their
    // type, listings, companies) match none of these.
    'Disallow: /*?*search=',
    'Disallow: /*?*price=',
    'Disallow: /*?*delivery=',
    'Disallow: /*?*rating=',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
