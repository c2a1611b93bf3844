import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Listing, ListingType } from '../../../../shared/types';
import { apiRequest } from '../../../lib/api';
import { refreshListings } from './admin-keys';

export function useApproveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: ListingType; id: number }) => apiRequest<Listing>('POST', `/api/admin/${type}/${id}/approve`),
    onSuccess: () => void refreshListings(queryClient),
  });
}

export function useRejectListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, reason }: { type: ListingType; id: number; reason: string }) =>
      apiRequest<Listing>('POST', `/api/admin/${type}/${id}/reject`, reason.trim() ? { reason: reason.trim() } : undefined),
    onSuccess: () => void refreshListings(queryClient),
  });
}
