// The catalogue's limits, apart from the zod schemas that use them (schemas/listing-query.ts), so
// the browser's public pages can read them without loading zod.

export const SEARCH_MAX_LENGTH = 100;

/**
 * How far the pages of GET /api/tools and /api/services reach (docs/decisions/search.md): a search
 * ranks its best 500 candidates (sorted by a programme figure, its first 500 in that order), a list
 * without search words serves its first 10,000 listings. Each total is counted up to its window;
 * beyond, X-Total-Count says the window and X-Total-Count-Exact false ("500+", "10,000+"). A page
 * starting beyond is empty, like a page past the end; narrower filters reach the rest.
 */
export const SEARCH_RESULTS_WINDOW = 500;
export const LIST_RESULTS_WINDOW = 10_000;
