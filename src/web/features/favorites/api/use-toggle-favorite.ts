import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isUnauthorized } from '../../../lib/api';
import { redirectAfter } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { favoriteKeys } from './favorite-keys';

type Toggle = { listingId: number; add: boolean };

/**
 * POST or DELETE /api/favorites/{id}; either way the lists, ids and statuses are read again. The
 * toasts live here rather than with the button: removing from /favorites unmounts the card (and
 * its button) as soon as the list is refreshed, and the spec's toast must still show.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, add }: Toggle) =>
      apiRequest<{ isFavorited: boolean }>(add ? 'POST' : 'DELETE', `/api/favorites/${listingId}`),
    onSuccess: (_result, { add }) => {
      toast(
        add
          ? { title: 'Added to favorites', description: 'Service has been saved to your favorites.' }
          : { title: 'Removed from favorites', description: 'Service has been removed from your favorites.' },
      );
    },
    onError: (error, { add }) => {
      if (isUnauthorized(error)) {
        toast({ title: 'Please log in', description: 'You need to be logged in to manage favorites.', variant: 'destructive' });
        redirectAfter('/api/login', 500);
        return;
      }
      toast({
        title: 'Error',
        description: add ? 'Failed to add to favorites. Please try again.' : 'Failed to remove from favorites. Please try again.',
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}
