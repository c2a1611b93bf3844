import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListingClaimJson } from '../../../../shared/schemas/listing-claim';
import { apiGet, apiRequest } from '../../../lib/api';
import { adminKeys, refreshListings } from './admin-keys';

/** GET /api/admin/listing-claims: the claims queue, open claims with evidence, oldest first. */
export function useListingClaimsQueue() {
  return useQuery({ queryKey: adminKeys.listingClaims, queryFn: () => apiGet<ListingClaimJson[]>('/api/admin/listing-claims') });
}

/** Approve or reject (with a reason) a claim; the claimant is e-mailed either way. */
export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
      apiRequest<ListingClaimJson>('POST', `/api/admin/listing-claims/${id}/${decision}`, decision === 'reject' ? { reason } : undefined),
    onSuccess: () => {
      void refreshListings(queryClient);
    },
  });
}
