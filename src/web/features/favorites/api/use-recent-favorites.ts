import { useQuery } from '@tanstack/react-query';
import type { ListingSummary } from '../../../../shared/types';
import { apiGetPage, withQuery } from '../../../lib/api';
import { favoriteKeys } from './favorite-keys';

/** The latest `limit` saved listings of both types, and how many there are in all. */
export function useRecentFavorites(limit: number, enabled = true) {
  return useQuery({
    queryKey: favoriteKeys.recent(limit),
    queryFn: () => apiGetPage<ListingSummary>(withQuery('/api/favorites', { limit })),
    enabled,
  });
}
