import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeoOverride, SeoOverrideInput, SeoPageType, SeoTemplate, SeoTemplateInput } from '../../../../shared/schemas/seo';
import { apiGet, apiGetPage, apiRequest, withQuery } from '../../../lib/api';
import { adminKeys } from './admin-keys';

export const OVERRIDES_PAGE_SIZE = 50;

export const useSeoTemplates = () => useQuery({ queryKey: adminKeys.templates, queryFn: () => apiGet<SeoTemplate[]>('/api/admin/seo/templates') });

/** One page of the page overrides, with the total. */
export const useSeoOverrides = (page: number) =>
  useQuery({
    queryKey: [...adminKeys.overrides, page],
    queryFn: () => apiGetPage<SeoOverride>(withQuery('/api/admin/seo/overrides', { limit: OVERRIDES_PAGE_SIZE, offset: (page - 1) * OVERRIDES_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });

// Page titles the client already holds were resolved with the old settings.
const refreshMeta = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: ['/api/meta'] });

const refreshTemplates = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.templates }), refreshMeta(queryClient)]);
const refreshOverrides = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.overrides }), refreshMeta(queryClient)]);

export function useSaveTemplate(pageType: SeoPageType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeoTemplateInput) => apiRequest<SeoTemplate>('PUT', `/api/admin/seo/templates/${pageType}`, input),
    onSuccess: () => void refreshTemplates(queryClient),
  });
}

/** Deletes the saved template: the pages go back to the built-in default title and description. */
export function useResetTemplate(pageType: SeoPageType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', `/api/admin/seo/templates/${pageType}`),
    onSuccess: () => void refreshTemplates(queryClient),
  });
}

/** Creates an override, or replaces the fields of an existing one when given its id. */
export function useSaveOverride(overrideId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeoOverrideInput) =>
      overrideId === undefined
        ? apiRequest<SeoOverride>('POST', '/api/admin/seo/overrides', input)
        : apiRequest<SeoOverride>('PUT', `/api/admin/seo/overrides/${overrideId}`, input),
    onSuccess: () => void refreshOverrides(queryClient),
  });
}

export function useDeleteOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/admin/seo/overrides/${id}`),
    onSuccess: () => void refreshOverrides(queryClient),
  });
}
