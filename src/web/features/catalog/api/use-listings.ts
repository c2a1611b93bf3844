import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListingSummary, ListingType } from '../../../../shared/types';
import { apiGetPage, withQuery } from '../../../lib/api';

export type ListingsQuery = Record<string, string | number | undefined>;

/**
 * One page of approved listings and the total behind it. Keyed under `/api/{type}` so that a write
 * which invalidates ['/api/services'] refreshes every list, detail and review list of that type.
 * The previous page stays on screen while the next one loads, so the grid does not jump.
 */
export function useListings(type: ListingType, query: ListingsQuery) {
  return useQuery({
    queryKey: [`/api/${type}`, 'list', query],
    queryFn: async () => {
      try {
        return await apiGetPage<ListingSummary>(withQuery(`/api/${type}`, query));
      } catch {
        throw new Error(`Failed to fetch ${type}`);
      }
    },
    placeholderData: keepPreviousData,
  });
}
