import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead } from '../../../../shared/types';
import { apiRequest } from '../../../lib/api';
import { providerKeys } from './provider-keys';

/** PATCH /api/provider/leads/{id} {read}; the inbox and the unread count are read again. */
export function useMarkLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) => apiRequest<Lead>('PATCH', `/api/provider/leads/${id}`, { read }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.all }),
  });
}
