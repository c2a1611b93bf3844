import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewPayload } from '../../../../shared/schemas/review';
import type { ListingType, Review } from '../../../../shared/types';
import { apiRequest } from '../../../lib/api';

/**
 * POST /api/{type}/{id}/reviews. A review changes the listing's rating everywhere it shows: its
 * page, its reviews, the lists and the provider's profile are all read again.
 */
export function useSubmitReview(type: ListingType, listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewPayload) => apiRequest<Review>('POST', `/api/${type}/${listingId}/reviews`, review),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [`/api/${type}`] }),
        queryClient.invalidateQueries({ queryKey: ['/api/providers'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/favorites'] }),
      ]);
    },
  });
}
