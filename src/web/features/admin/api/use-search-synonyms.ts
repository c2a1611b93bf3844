import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchSynonym, SearchSynonymInput } from '../../../../shared/schemas/search-synonym';
import { apiGet, apiRequest } from '../../../lib/api';
import { adminKeys } from './admin-keys';

export const useSearchSynonyms = () => useQuery({ queryKey: adminKeys.searchSynonyms, queryFn: () => apiGet<SearchSynonym[]>('/api/admin/search-synonyms') });

// Searches the client already holds were answered with the old synonyms.
const refresh = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.searchSynonyms }),
    queryClient.invalidateQueries({ queryKey: ['/api/tools'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/services'] }),
  ]);

/** Adds synonyms, or replaces a row's when given its id. */
export function useSaveSearchSynonym(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SearchSynonymInput) =>
      id === undefined ? apiRequest<SearchSynonym>('POST', '/api/admin/search-synonyms', input) : apiRequest<SearchSynonym>('PUT', `/api/admin/search-synonyms/${id}`, input),
    onSuccess: () => void refresh(queryClient),
  });
}

export function useDeleteSearchSynonym() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/admin/search-synonyms/${id}`),
    onSuccess: () => void refresh(queryClient),
  });
}
