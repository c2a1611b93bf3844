import type { PageName } from './page-names';

/**
 * Which addresses of the catalogue's lists (/tools, /services, /category/{slug}) a search engine
 * should index (docs/decisions/crawlable-catalogue.md, "Crawl budget"). The parameters are the
 * client's (src/web/features/catalog/listing-filters.ts).
 */
const listPages: ReadonlySet<PageName> = new Set<PageName>(['tools', 'services', 'category']);

/** Parameters that narrow a list: any combination of them is a new page a crawler could walk forever. */
const narrowingKeys = ['search', 'categoryId', 'price', 'delivery', 'rating', 'programme', 'whiteLabel', 'minMargin', 'maxCommitment', 'billing', 'trial', 'territory', 'verified', 'sort'] as const;

export type ListIndexing =
  /** Not a list, or a plain one: index it; `pageQuery` ("page=3") keeps a deeper page self-canonical. */
  | { index: true; pageQuery?: string }
  /** A searched or filtered list, any of its pages: keep it out of the index, but follow its links to the listings. */
  | { index: false };

export function listIndexing(page: PageName, search: URLSearchParams): ListIndexing {
  if (!listPages.has(page)) return { index: true };
  // Blank values are what a filter form sends without the script: they narrow nothing.
  if (narrowingKeys.some((key) => search.getAll(key).some((value) => value.trim() !== ''))) return { index: false };
  const pageNumber = search.get('page');
  // Page 2 and beyond of a plain list hold other listings than page 1: each is its own canonical page.
  return pageNumber && /^\d+$/.test(pageNumber) && Number(pageNumber) >= 2 && Number.isSafeInteger(Number(pageNumber))
    ? { index: true, pageQuery: `page=${Number(pageNumber)}` }
    : { index: true };
}
