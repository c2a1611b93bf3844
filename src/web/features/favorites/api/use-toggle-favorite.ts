import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { favoriteKeys } from './favorite-keys';

type Toggle = { listingId: number; add: boolean };

/** POST or DELETE /api/favorites/{id}; either way the lists, ids and statuses are read again. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, add }: Toggle) =>
      apiRequest<{ isFavorited: boolean }>(add ? 'POST' : 'DELETE', `/api/favorites/${listingId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}
