import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/types';
import { apiRequest, errorMessage } from '../../../lib/api';
import { currentUserKey } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';

/** POST /api/register: creates the account and signs it in. */
export function useRegister({ onSignedIn }: { onSignedIn?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<User>('POST', '/api/register', input),
    onSuccess: async (user) => {
      // A read of the current user under way would land "signed out" afterwards (putAnswer); it
      // is dropped first, so that onSignedIn and the user still arrive in one render.
      await queryClient.cancelQueries({ queryKey: currentUserKey, exact: true });
      onSignedIn?.(user);
      queryClient.setQueryData(currentUserKey, user);
      toast({ title: `Welcome, ${user.firstName ?? 'there'}!`, description: 'Your account has been created successfully.' });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' });
    },
  });
}
