import { useQuery } from '@tanstack/react-query';
import type { Listing, ListingType } from '../../../../shared/types';
import { ApiError, apiGet } from '../../../lib/api';

/**
 * One listing by id or slug. Null when there is no such (approved) listing, so the page can say
 * 'Service not found'; other failures are errors.
 */
export function useListing(type: ListingType, idOrSlug: string) {
  return useQuery({
    queryKey: [`/api/${type}`, 'detail', idOrSlug],
    queryFn: async () => {
      try {
        return await apiGet<Listing>(`/api/${type}/${encodeURIComponent(idOrSlug)}`);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw new Error(`Failed to fetch ${type}`);
      }
    },
  });
}
