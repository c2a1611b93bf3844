import { useQuery } from '@tanstack/react-query';
import type { Category, ListingType } from '../../../../shared/types';
import { ApiError, apiGet, withQuery } from '../../../lib/api';
import { cacheTimes } from '../../../lib/query-client';

/** One category by its slug within a type; null when there is none ('Category Not Found'). */
export function useCategoryBySlug(slug: string, type: ListingType | undefined) {
  return useQuery({
    queryKey: ['/api/categories', 'by-slug', slug, type ?? 'any'],
    queryFn: async () => {
      try {
        return await apiGet<Category>(withQuery(`/api/categories/by-slug/${encodeURIComponent(slug)}`, { type }));
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw new Error('Failed to fetch category');
      }
    },
    ...cacheTimes.categories,
  });
}
