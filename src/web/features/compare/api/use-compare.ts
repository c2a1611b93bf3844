import { useQuery } from '@tanstack/react-query';
import type { CompareJson } from '../../../../shared/schemas/compare';
import { apiGet } from '../../../lib/api';

/** The listings of a comparison, their programmes as this viewer may see them. `ids` in canonical order. */
export function useCompare(ids: number[]) {
  return useQuery({
    queryKey: ['/api/compare', ids.join(',')],
    queryFn: () => apiGet<CompareJson>(`/api/compare?ids=${ids.join(',')}`),
    enabled: ids.length > 0,
  });
}
