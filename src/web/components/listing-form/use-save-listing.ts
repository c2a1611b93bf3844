import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingPayload } from '../../../shared/schemas/listing';
import type { Listing, ListingType } from '../../../shared/types';
import { apiRequest } from '../../lib/api';

// Every list a listing can appear in: the provider's own, the public catalogue, the admin's.
const listingQueries = /^\/api\/(provider|services|tools|admin|dashboard)/;

/** POST /api/{type} for a new listing, PATCH /api/{type}/{id} for an edit; then the lists are read again. */
export function useSaveListing(type: ListingType, listingId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ListingPayload) =>
      listingId === undefined
        ? apiRequest<Listing>('POST', `/api/${type}`, { ...payload, type })
        : apiRequest<Listing>('PATCH', `/api/${type}/${listingId}`, { ...payload, type }),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && listingQueries.test(query.queryKey[0]) }),
  });
}
