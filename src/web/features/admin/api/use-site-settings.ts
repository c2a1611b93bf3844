import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteBrandInput, SiteBrandSettings } from '../../../../shared/schemas/site-brand';
import { apiGet, apiRequest } from '../../../lib/api';
import { SITE_KEY } from '../../../lib/site';
import { putAnswer } from '../../../lib/query-client';

const SITE_SETTINGS_KEY = ['/api/admin/site'] as const;

export const useSiteSettings = () => useQuery({ queryKey: SITE_SETTINGS_KEY, queryFn: () => apiGet<SiteBrandSettings>('/api/admin/site') });

/** Saves the Site settings; the header, footer and titles of the open page follow at once. */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteBrandInput) => apiRequest<SiteBrandSettings>('PUT', '/api/admin/site', input),
    onSuccess: async (saved) => {
      await putAnswer(queryClient, SITE_SETTINGS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: SITE_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/meta'] });
    },
  });
}
