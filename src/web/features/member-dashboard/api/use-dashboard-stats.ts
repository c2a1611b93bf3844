import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '../../../../shared/types';
import { apiGet } from '../../../lib/api';

/** GET /api/dashboard/stats: the catalogue's counts shown on the member dashboard. */
export function useDashboardStats() {
  return useQuery({
    queryKey: ['/api/dashboard/stats'],
    queryFn: () => apiGet<DashboardStats>('/api/dashboard/stats'),
  });
}
