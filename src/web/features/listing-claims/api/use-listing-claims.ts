import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimAnswerJson } from '../../../../shared/schemas/listing-claim';
import { apiRequest } from '../../../lib/api';

/** POST /api/listings/{id}/claims/email: a one-time link to an address at the company's domain. */
export function useClaimByEmail(listingId: number) {
  return useMutation({
    mutationFn: (email: string) => apiRequest<ClaimAnswerJson>('POST', `/api/listings/${listingId}/claims/email`, { email }),
  });
}

/** POST /api/listings/{id}/claims/evidence: a claim for an administrator to decide. */
export function useClaimWithEvidence(listingId: number) {
  return useMutation({
    mutationFn: (evidence: string) => apiRequest<ClaimAnswerJson>('POST', `/api/listings/${listingId}/claims/evidence`, { evidence }),
  });
}

/** POST /api/listing-claims/confirm: the claim link's token; the listing becomes the member's. */
export function useConfirmClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest<{ message: string; listing: { id: number; type: 'tools' | 'services'; slug: string } }>('POST', '/api/listing-claims/confirm', { token }),
    // The member is a provider now, and the listing has one.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
