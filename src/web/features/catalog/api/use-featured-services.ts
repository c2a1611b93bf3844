import { useQuery } from '@tanstack/react-query';
import type { ListingSummary } from '../../../../shared/types';
import { apiGet } from '../../../lib/api';
import { cacheTimes } from '../../../lib/query-client';

/** GET /api/services/featured, cached for the spec's featured time. */
export function useFeaturedServices() {
  return useQuery({
    queryKey: ['/api/services', 'featured'],
    queryFn: async () => {
      try {
        return await apiGet<ListingSummary[]>('/api/services/featured');
      } catch {
        throw new Error('Failed to fetch services');
      }
    },
    ...cacheTimes.featured,
  });
}
