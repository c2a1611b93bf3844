import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeaturedSlotsJson } from '../../../../shared/schemas/plan';
import { apiGet, apiRequest } from '../../../lib/api';
import { providerKeys } from './provider-keys';
import { putAnswer } from '../../../lib/query-client';

// A slot filled or freed changes the listing's Featured badge wherever it is listed: the
// provider's own lists and plan usage, the public catalogue, the company page, the favourites.
const featuredQueries = /^\/api\/(provider|services|tools|providers|dashboard|favorites)/;

/** GET /api/provider/featured-slots: how many slots the plan grants, and the listings that fill them. */
export const useFeaturedSlots = () =>
  useQuery({ queryKey: providerKeys.featuredSlots, queryFn: () => apiGet<FeaturedSlotsJson>('/api/provider/featured-slots'), staleTime: 0 });

function useSlotMutation(mutationFn: (listingId: number) => Promise<FeaturedSlotsJson>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (view) => {
      await putAnswer(queryClient, providerKeys.featuredSlots, view);
      await queryClient.invalidateQueries({
        predicate: (query) => typeof query.queryKey[0] === 'string' && featuredQueries.test(query.queryKey[0]) && query.queryKey[1] !== providerKeys.featuredSlots[1],
      });
    },
  });
}

/** POST /api/provider/featured-slots {listingId}: the listing fills a free slot of the plan. */
export const useFeatureListing = () => useSlotMutation((listingId) => apiRequest<FeaturedSlotsJson>('POST', '/api/provider/featured-slots', { listingId }));

/** DELETE /api/provider/featured-slots/{listingId}: the listing's slot is free again. */
export const useStopFeaturing = () => useSlotMutation((listingId) => apiRequest<FeaturedSlotsJson>('DELETE', `/api/provider/featured-slots/${listingId}`));
