import { useQuery } from '@tanstack/react-query';
import type { ListingType, Review } from '../../../../shared/types';
import { apiGet } from '../../../lib/api';

/** A listing's reviews, newest first. Waits until the listing's id is known. */
export function useListingReviews(type: ListingType, listingId: number | undefined) {
  return useQuery({
    queryKey: [`/api/${type}`, 'reviews', listingId],
    queryFn: async () => {
      const reviews = await apiGet<Review[]>(`/api/${type}/${listingId}/reviews`);
      // Newest first, whatever order the server chose.
      return [...reviews].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    enabled: listingId !== undefined,
  });
}
