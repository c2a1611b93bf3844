import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordPayload, DeleteAccountPayload } from '../../../../shared/schemas/account';
import { apiRequest } from '../../../lib/api';
import { currentUserKey } from '../../../lib/current-user';

/** PUT /api/profile/password: this browser stays signed in, every other session ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordPayload) => apiRequest<{ message: string }>('PUT', '/api/profile/password', input),
  });
}

/** POST /api/profile/delete: the account and this session are gone; nothing cached is anyone's now. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountPayload) => apiRequest<void>('POST', '/api/profile/delete', input),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
    },
  });
}
