import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/types';
import { apiRequest } from '../../../lib/api';
import { currentUserKey } from '../../../lib/current-user';
import { putAnswer } from '../../../lib/query-client';

/** PATCH /api/profile from the member dashboard; the answer becomes the current user everywhere (header menu too). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiRequest<User>('PATCH', '/api/profile', input),
    onSuccess: async (user) => {
      await putAnswer(queryClient, currentUserKey, user);
      // The name and picture also show on the member's listings and provider profile, if any.
      await queryClient.invalidateQueries({ queryKey: ['/api/providers'] });
    },
  });
}
