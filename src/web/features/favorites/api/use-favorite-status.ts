import { useQuery } from '@tanstack/react-query';
import type { ListingType } from '../../../../shared/types';
import { apiGet } from '../../../lib/api';
import { favoriteKeys } from './favorite-keys';

/** GET /api/{type}/{id}/favorite-status: only when signed in, no retry (SPEC.md section 7). */
export function useFavoriteStatus(type: ListingType, id: number, enabled: boolean) {
  return useQuery({
    queryKey: favoriteKeys.status(type, id),
    queryFn: () => apiGet<{ isFavorited: boolean }>(`/api/${type}/${id}/favorite-status`),
    enabled,
    retry: false,
  });
}
