import { useQuery } from '@tanstack/react-query';
import type { ProviderStats } from '../../../../shared/types';
import { apiGet } from '../../../lib/api';
import { providerKeys } from './provider-keys';

/** GET /api/provider/stats. Read again with the listings on focus, so the counts agree with the list. */
export function useProviderStats() {
  return useQuery({
    queryKey: providerKeys.stats,
    queryFn: () => apiGet<ProviderStats>('/api/provider/stats'),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}
