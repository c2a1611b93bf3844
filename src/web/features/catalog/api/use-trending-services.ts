import { useQuery } from '@tanstack/react-query';
import type { ListingSummary } from '../../../../shared/types';
import { apiGet } from '../../../lib/api';
import { cacheTimes } from '../../../lib/query-client';

/** GET /api/services/trending, best first, cached for the spec's trending time. */
export function useTrendingServices() {
  return useQuery({
    queryKey: ['/api/services', 'trending'],
    queryFn: async () => {
      try {
        return await apiGet<ListingSummary[]>('/api/services/trending');
      } catch {
        throw new Error('Failed to fetch services');
      }
    },
    ...cacheTimes.trending,
  });
}
