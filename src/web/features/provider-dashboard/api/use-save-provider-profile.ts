import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileSchema } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/types';
import { apiRequest } from '../../../lib/api';
import { currentUserKey } from '../../../lib/current-user';

/** PATCH /api/profile from the provider dashboard: always with isProvider true (SPEC.md section 4). */
export function useSaveProviderProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: z.output<typeof profileSchema>) => apiRequest<User>('PATCH', '/api/profile', { ...profile, isProvider: true }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      return queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
