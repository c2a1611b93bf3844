import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteProfileInput } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/types';
import { apiRequest, errorMessage, isUnauthorized } from '../../../lib/api';
import { currentUserKey, redirectAfter } from '../../../lib/current-user';
import { afterToastShown, toast } from '../../../lib/toast';
import { putAnswer } from '../../../lib/query-client';

// Long enough to read the success toast before the page reloads.
const RELOAD_DELAY_MS = 1000;

/** PATCH /api/profile from the profile-completion screen; on success the page reloads complete. */
export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompleteProfileInput) => apiRequest<User>('PATCH', '/api/profile', input),
    onSuccess: async (user) => {
      await putAnswer(queryClient, currentUserKey, user);
      toast({ title: 'Profile completed!', description: `Welcome aboard, ${user.firstName}! Your profile is all set.` });
      afterToastShown(RELOAD_DELAY_MS, () => window.location.reload());
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        toast({ title: 'Unauthorized', description: 'Please log in again to continue.', variant: 'destructive' });
        redirectAfter('/api/login');
        return;
      }
      toast({ title: 'Error', description: errorMessage(error, 'Failed to update profile'), variant: 'destructive' });
    },
  });
}
