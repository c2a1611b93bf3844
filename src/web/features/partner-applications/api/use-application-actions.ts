import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerApplicationInput, PartnerApplicationJson } from '../../../../shared/schemas/partner-application';
import type { ListingType } from '../../../../shared/types';
import { apiRequest } from '../../../lib/api';
import { applicationKeys } from './application-keys';

function useRefresh() {
  const queryClient = useQueryClient();
  return (application: PartnerApplicationJson) => {
    void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    // The listing's programme, whose terms on request an approval shows to the member (and a withdrawal hides again).
    void queryClient.invalidateQueries({ queryKey: [`/api/${application.listing.type}`, 'partner-programme', application.listing.id] });
    void queryClient.invalidateQueries({ queryKey: ['/api/provider'] });
  };
}

/** POST /api/{type}/{id}/partner-applications. */
export function useApply(type: ListingType, listingId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: PartnerApplicationInput) => apiRequest<PartnerApplicationJson>('POST', `/api/${type}/${listingId}/partner-applications`, input),
    onSuccess: refresh,
  });
}

export type ApplicationAction =
  | { action: 'approve'; body: { welcomeMessage: string } }
  | { action: 'decline'; body: { reason: string; note: string; reapplyAfterDays: number } }
  | { action: 'request-info'; body: { message: string } }
  | { action: 'answer'; body: { message: string } }
  | { action: 'withdraw'; body: { note: string } };

/** POST /api/partner-applications/{id}/{action}: a decision, an answer or a withdrawal. */
export function useApplicationAction(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ action, body }: ApplicationAction) => apiRequest<PartnerApplicationJson>('POST', `/api/partner-applications/${id}/${action}`, body),
    onSuccess: refresh,
  });
}
