import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryFormValues } from '../../../../shared/schemas/category';
import type { Category, ListingType } from '../../../../shared/types';
import { apiGet, apiRequest, withQuery } from '../../../lib/api';
import { adminKeys } from './admin-keys';

export const useAdminCategories = (type: ListingType) =>
  useQuery({ queryKey: adminKeys.categories(type), queryFn: () => apiGet<Category[]>(withQuery('/api/categories', { type, withContent: 'true' })) });

// Every category read on the site (the public lists and pages) is stale after a write.
const refreshCategories = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/categories') });

export function useSaveCategory(categoryId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CategoryFormValues) =>
      categoryId === undefined ? apiRequest<Category>('POST', '/api/categories', values) : apiRequest<Category>('PUT', `/api/categories/${categoryId}`, values),
    onSuccess: () => void refreshCategories(queryClient),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/categories/${id}`),
    onSuccess: () => void refreshCategories(queryClient),
  });
}
