import { useQuery } from '@tanstack/react-query';
import type { CategorySummary, ListingType } from '../../../shared/types';
import { apiGet, withQuery } from '../../lib/api';
import { cacheTimes } from '../../lib/query-client';

/** The categories a listing of this type may be filed under (same cache entry as the catalogue's). */
export function useCategoriesOfType(type: ListingType) {
  return useQuery({
    queryKey: ['/api/categories', type],
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

/** Top-level categories, each followed by its subcategories, with the depth for indenting. */
export function categoryOptions(categories: CategorySummary[]): { category: CategorySummary; depth: number }[] {
  const byName = (a: CategorySummary, b: CategorySummary) => a.name.localeCompare(b.name);
  const ids = new Set(categories.map((category) => category.id));
  const roots = categories.filter((category) => category.parentId === null || !ids.has(category.parentId)).sort(byName);
  return roots.flatMap((root) => [
    { category: root, depth: 0 },
    ...categories
      .filter((child) => child.parentId === root.id)
      .sort(byName)
      .map((child) => ({ category: child, depth: 1 })),
  ]);
}
