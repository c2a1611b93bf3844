import { useInfiniteQuery } from '@tanstack/react-query';
import type { ListingSummary, ListingType } from '../../../../shared/types';
import { apiGetPage, withQuery } from '../../../lib/api';
import { favoriteKeys } from './favorite-keys';

const PAGE_SIZE = 12;

/** The member's saved listings of one type, newest first, a page at a time, with the total. */
export function useFavorites(type: ListingType) {
  const query = useInfiniteQuery({
    queryKey: favoriteKeys.list(type),
    queryFn: ({ pageParam }) => apiGetPage<ListingSummary>(withQuery('/api/favorites', { type, limit: PAGE_SIZE, offset: pageParam })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });
  return {
    ...query,
    listings: query.data?.pages.flatMap((page) => page.items) ?? [],
    total: query.data?.pages.at(-1)?.total ?? 0,
  };
}
