import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api';
import { currentUserKey } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';

/**
 * Sign out (SPEC.md section 4): forget the cached user at once, so no screen keeps showing private
 * data, then let the whole page go to /api/logout, which ends the session and comes back home.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async () => {
      await queryClient.cancelQueries({ queryKey: currentUserKey });
      queryClient.setQueryData(currentUserKey, null);
    },
    onSuccess: () => {
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
      window.location.assign('/api/logout');
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: errorMessage(error, error.message), variant: 'destructive' });
    },
  });
  // Still "logging out" after success: the page is on its way to /api/logout.
  return { logout: () => mutation.mutate(), isLoggingOut: mutation.isPending || mutation.isSuccess };
}
