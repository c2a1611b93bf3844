import { useQuery } from '@tanstack/react-query';
import type { CategorySummary, ListingType } from '../../../../shared/types';
import { apiGet, withQuery } from '../../../lib/api';
import { cacheTimes } from '../../../lib/query-client';

/** GET /api/categories, all of them or one type's, cached for the spec's categories time. */
export function useCategories(type?: ListingType) {
  return useQuery({
    queryKey: ['/api/categories', type ?? 'all'],
    queryFn: async () => {
      try {
        return await apiGet<CategorySummary[]>(withQuery('/api/categories', { type }));
      } catch {
        throw new Error('Failed to fetch categories');
      }
    },
    ...cacheTimes.categories,
  });
}
