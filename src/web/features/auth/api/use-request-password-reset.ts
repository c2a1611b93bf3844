import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequestInput } from '../../../../shared/schemas/password-reset';
import { apiRequest } from '../../../lib/api';

/** POST /api/password-reset/request: answers the same message whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequestInput) => apiRequest<{ message: string }>('POST', '/api/password-reset/request', input),
  });
}
