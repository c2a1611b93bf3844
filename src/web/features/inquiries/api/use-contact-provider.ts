import { useMutation } from '@tanstack/react-query';
import type { InquiryInput } from '../../../../shared/schemas/inquiry';
import { apiRequest } from '../../../lib/api';

/** POST /api/services/{id}/contact: the message goes to the service's provider. */
export function useContactProvider(serviceId: number) {
  return useMutation({
    mutationFn: (inquiry: InquiryInput) => apiRequest<{ id: number }>('POST', `/api/services/${serviceId}/contact`, inquiry),
  });
}
