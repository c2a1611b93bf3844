import { useQuery } from '@tanstack/react-query';
import type { ProviderProfile } from '../../../../shared/types';
import { ApiError, apiGet } from '../../../lib/api';

/** A provider's public profile with their live listings; null when there is no such provider. */
export function useProvider(idOrSlug: string) {
  return useQuery({
    queryKey: ['/api/providers', idOrSlug],
    queryFn: async () => {
      try {
        return await apiGet<ProviderProfile>(`/api/providers/${encodeURIComponent(idOrSlug)}`);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw new Error('Provider not found');
      }
    },
  });
}
