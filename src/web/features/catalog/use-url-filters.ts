import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { filtersFromParams, filtersToParams, type ListingFilters } from './listing-filters';

// The parameters the filters own; anything else in the URL (the category page's ?type=) is kept.
const filterKeys = ['search', 'categoryId', 'price', 'delivery', 'rating', 'page'];

/**
 * The catalogue filters as URL state: reading them from the query string and changing them pushes
 * a history entry, so links, reloads and back/forward all show the same results.
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

  /** Applies a change; any change but a page turn starts again from page 1. */
  const update = useCallback((change: Partial<ListingFilters>) => setParams(paramsFor({ ...filters, page: 1, ...change })), [filters, paramsFor, setParams]);

  const hrefForPage = useCallback(
    (page: number) => {
      const query = paramsFor({ ...filters, page }).toString();
      return query ? `${path}?${query}` : path;
    },
    [filters, paramsFor, path],
  );

  return { filters, update, hrefForPage };
}
