import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { filterKeys, filtersFromParams, filtersToParams, type ListingFilters } from './listing-filters';

/**
 * The catalogue filters as URL state: reading them from the query string and changing them pushes
 * a history entry, so links, reloads and back/forward all show the same results. The same URLs
 * work without JavaScript: pages are links, and search and filters are GET forms to this path.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const [path] = useLocation();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const paramsFor = useCallback(
    (next: ListingFilters) => {
      const merged = new URLSearchParams(params);
      filterKeys.forEach((key) => merged.delete(key));
      filtersToParams(next).forEach((value, key) => merged.set(key, value));
      return merged;
    },
    [params],
  );

  const hrefFor = useCallback(
    (next: ListingFilters) => {
      const query = paramsFor(next).toString();
      return query ? `${path}?${query}` : path;
    },
    [paramsFor, path],
  );

  /** Applies a change; any change but a page turn starts again from page 1. */
  const update = useCallback((change: Partial<ListingFilters>) => setParams(paramsFor({ ...filters, page: 1, ...change })), [filters, paramsFor, setParams]);

  const hrefForPage = useCallback((page: number) => hrefFor({ ...filters, page }), [filters, hrefFor]);

  /** The address of these results with a change applied (from page 1): for links such as 'Clear all'. */
  const hrefWith = useCallback((change: Partial<ListingFilters>) => hrefFor({ ...filters, page: 1, ...change }), [filters, hrefFor]);

  /**
   * What a GET form that sets the `owned` parameters submits to: this path, carrying the page's
   * other parameters along (and leaving the page number out, as a change starts from page 1).
   */
  const formFor = useCallback(
    (owned: readonly string[]) => ({
      action: path,
      keep: [...paramsFor({ ...filters, page: 1 })].filter(([key]) => !owned.includes(key)),
    }),
    [filters, paramsFor, path],
  );

  return { filters, update, hrefForPage, hrefWith, formFor };
}

export type GetForm = { action: string; keep: [string, string][] };
