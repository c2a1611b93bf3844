import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/types';
import { apiRequest } from '../../../lib/api';
import { currentUserKey } from '../../../lib/current-user';

export type SetPasswordPurpose = 'password-reset' | 'invitation';

const endpoints: Record<SetPasswordPurpose, string> = {
  'password-reset': '/api/password-reset/confirm',
  invitation: '/api/invitations/accept',
};

/** Sets the password with the link's token; the server signs the person in, so they become the current user. */
export function useSetPassword(purpose: SetPasswordPurpose) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => apiRequest<User>('POST', endpoints[purpose], input),
    onSuccess: (user) => {
      // Everything cached belonged to whoever was signed in before (the other sessions just ended).
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}
