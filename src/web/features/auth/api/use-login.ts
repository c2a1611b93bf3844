import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/types';
import { apiRequest, errorMessage } from '../../../lib/api';
import { currentUserKey } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';

/** POST /api/login. `onSignedIn` runs before the user lands in the cache, in the same render. */
export function useLogin({ onSignedIn }: { onSignedIn?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<User>('POST', '/api/login', input),
    onSuccess: async (user) => {
      // A read of the current user under way would land "signed out" afterwards (putAnswer); it
      // is dropped first, so that onSignedIn and the user still arrive in one render.
      await queryClient.cancelQueries({ queryKey: currentUserKey, exact: true });
      onSignedIn?.(user);
      queryClient.setQueryData(currentUserKey, user);
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' });
    },
  });
}
