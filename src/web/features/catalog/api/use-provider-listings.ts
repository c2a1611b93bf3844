import { useInfiniteQuery } from '@tanstack/react-query';
import type { ListingSummary, ListingType, ProviderProfile } from '../../../../shared/types';
import { apiGetPage, withQuery } from '../../../lib/api';

const PAGE_SIZE = 24;

/**
 * One kind of a provider's live listings, paged through GET /api/{type}?providerId= in the
 * profile's own order (featured, then newest). The profile already carries the first listings
 * (up to 100, both kinds mixed); those of this kind are a prefix of this list, so they seed the
 * first page and a provider with few listings costs no request at all. When the profile holds
 * none of this kind although some exist (they all come after its first 100), the first page is
 * fetched at once instead. Keyed under `/api/{type}` so writes that refresh that type's lists
 * refresh this one too.
 */
export function useProviderListings(type: ListingType, provider: ProviderProfile) {
  const known = provider.listings.filter((listing) => listing.type === type);
  const total = provider.listingCounts[type];
  return useInfiniteQuery({
    queryKey: [`/api/${type}`, 'provider', provider.id],
    queryFn: async ({ pageParam }) => {
      try {
        return await apiGetPage<ListingSummary>(withQuery(`/api/${type}`, { providerId: provider.id, limit: PAGE_SIZE, offset: pageParam }));
      } catch {
        throw new Error(`Failed to fetch ${type}`);
      }
    },
    initialPageParam: 0,
    initialData: known.length > 0 || total === 0 ? { pages: [{ items: known, total }], pageParams: [0] } : undefined,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
}
