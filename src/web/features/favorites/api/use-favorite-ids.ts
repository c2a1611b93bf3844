import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { favoriteKeys } from './favorite-keys';

/** The ids the member saved, read once for every heart on a page of cards. Only asked when signed in. */
export function useFavoriteIds(enabled: boolean) {
  return useQuery({
    queryKey: favoriteKeys.ids,
    queryFn: async () => new Set(await apiGet<number[]>('/api/favorites/ids')),
    enabled,
  });
}
