import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingType } from '../../../../shared/types';
import { apiRequest } from '../../../lib/api';
import { refreshListings } from './admin-keys';

export function useDeleteAdminListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: ListingType; id: number }) => apiRequest<void>('DELETE', `/api/admin/${type}/${id}`),
    onSuccess: () => void refreshListings(queryClient),
  });
}
