import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { type ReviewListFilters, reviewFiltersFrom } from '../../../../shared/review-context';
import type { ListingRatingBreakdown, ListingType, Review } from '../../../../shared/types';
import { apiGet, apiGetPage, withQuery } from '../../../lib/api';

const REVIEWS_PAGE = 20;

/**
 * The reviews' order and filters, read from the page's address (?sort=&rating=&context=), so a
 * link or the GET form gives the same list on the server's render and in the browser. An address
 * with a value that is not a choice shows the default list rather than an error page.
 */
export function useReviewFilters(): ReviewListFilters {
  return reviewFiltersFrom(new URLSearchParams(useSearch()));
}

/**
 * A listing's reviews in the order and with the filters asked for, twenty at a time: a popular
 * listing's hundreds of reviews are read only as far as the visitor wants. Waits until the listing's id is known.
 */
export function useListingReviews(type: ListingType, listingId: number | undefined, filters: ReviewListFilters = { sort: 'newest' }) {
  const { sort, rating, context } = filters;
  return useInfiniteQuery({
    queryKey: [`/api/${type}`, 'reviews', listingId, { sort, rating, context }],
    queryFn: ({ pageParam }) =>
      apiGetPage<Review>(withQuery(`/api/${type}/${listingId}/reviews`, { limit: REVIEWS_PAGE, offset: pageParam, sort: sort === 'newest' ? undefined : sort, rating, context })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    // The list being read stays up while the next filter's reviews arrive, instead of a skeleton.
    placeholderData: keepPreviousData,
    enabled: listingId !== undefined,
  });
}

/** How many reviews gave each number of stars (a write's invalidation of `/api/{type}` reads it again). */
export function useRatingBreakdown(type: ListingType, listingId: number | undefined) {
  return useQuery({
    queryKey: [`/api/${type}`, 'reviews-breakdown', listingId],
    queryFn: () => apiGet<ListingRatingBreakdown>(`/api/${type}/${listingId}/reviews/breakdown`),
    enabled: listingId !== undefined,
  });
}
