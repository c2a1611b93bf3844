import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Listing } from '../../../../shared/types';
import { apiRequest } from '../../../lib/api';

// The deleted listing may be in the provider's lists, the public catalogue and the admin's lists.
const listingQueries = /^\/api\/(provider|services|tools|admin|dashboard|favorites)/;

/** DELETE /api/provider/{services|tools}/{id}. */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listing: Pick<Listing, 'id' | 'type'>) => apiRequest<void>('DELETE', `/api/provider/${listing.type}/${listing.id}`),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && listingQueries.test(query.queryKey[0]) }),
  });
}
