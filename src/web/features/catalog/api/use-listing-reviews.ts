import { useInfiniteQuery } from '@tanstack/react-query';
import type { ListingType, Review } from '../../../../shared/types';
import { apiGetPage, withQuery } from '../../../lib/api';

const REVIEWS_PAGE = 20;

/**
 * A listing's reviews, newest first (the server's order), twenty at a time: a popular listing's
 * hundreds of reviews are read only as far as the visitor wants. Waits until the listing's id is known.
 */
export function useListingReviews(type: ListingType, listingId: number | undefined) {
  return useInfiniteQuery({
    queryKey: [`/api/${type}`, 'reviews', listingId],
    queryFn: ({ pageParam }) => apiGetPage<Review>(withQuery(`/api/${type}/${listingId}/reviews`, { limit: REVIEWS_PAGE, offset: pageParam })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    enabled: listingId !== undefined,
  });
}
