import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeoOverride, SeoOverrideInput, SeoPageType, SeoTemplate, SeoTemplateInput } from '../../../../shared/schemas/seo';
import { apiGet, apiRequest } from '../../../lib/api';
import { adminKeys } from './admin-keys';

export const useSeoTemplates = () => useQuery({ queryKey: adminKeys.templates, queryFn: () => apiGet<SeoTemplate[]>('/api/admin/seo/templates') });
export const useSeoOverrides = () => useQuery({ queryKey: adminKeys.overrides, queryFn: () => apiGet<SeoOverride[]>('/api/admin/seo/overrides') });

// Page titles the client already holds were resolved with the old settings.
const refreshMeta = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: ['/api/meta'] });

export function useSaveTemplate(pageType: SeoPageType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeoTemplateInput) => apiRequest<SeoTemplate>('PUT', `/api/admin/seo/templates/${pageType}`, input),
    onSuccess: () => void Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.templates }), refreshMeta(queryClient)]),
  });
}

export function useCreateOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeoOverrideInput) => apiRequest<SeoOverride>('POST', '/api/admin/seo/overrides', input),
    onSuccess: () => void Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.overrides }), refreshMeta(queryClient)]),
  });
}

export function useDeleteOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/admin/seo/overrides/${id}`),
    onSuccess: () => void Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.overrides }), refreshMeta(queryClient)]),
  });
}
