import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileSchema } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/types';
import { apiRequest, errorMessage, isUnauthorized } from '../../../lib/api';
import { currentUserKey, redirectAfter } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { putAnswer } from '../../../lib/query-client';

/**
 * PATCH /api/profile from the provider dashboard: always with isProvider true (SPEC.md section 4).
 * The toasts live here, not at the call: a member's form unmounts the moment they become a provider.
 */
export function useSaveProviderProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: z.output<typeof profileSchema>) => apiRequest<User>('PATCH', '/api/profile', { ...profile, isProvider: true }),
    onSuccess: async (user) => {
      toast({ title: 'Profile updated!', description: 'Your provider profile has been saved.' });
      await putAnswer(queryClient, currentUserKey, user);
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
