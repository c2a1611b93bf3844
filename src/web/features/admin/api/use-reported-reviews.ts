import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DecisionPayload, ReportedReview } from '../../../../shared/schemas/review-moderation';
import { apiGetPage, apiRequest, withQuery } from '../../../lib/api';
import { adminKeys } from './admin-keys';

export const REPORTED_PAGE_SIZE = 50;

/** GET /api/admin/review-reports: reviews with open reports, the longest waiting first, with the total. */
export const useReportedReviews = () =>
  useQuery({
    queryKey: adminKeys.reportedReviews,
    queryFn: () => apiGetPage<ReportedReview>(withQuery('/api/admin/review-reports', { limit: REPORTED_PAGE_SIZE })),
  });

/** POST /api/admin/review-reports/{reviewId}/decision; the queue, the audit log and the listing's pages are read again. */
export function useDecideReview(reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: DecisionPayload) =>
      apiRequest<{ outcome: 'kept' | 'edited' | 'removed'; reportsClosed: number }>('POST', `/api/admin/review-reports/${reviewId}/decision`, decision),
    onSuccess: () =>
      void queryClient.invalidateQueries({
        predicate: (query) => typeof query.queryKey[0] === 'string' && /^\/api\/(admin|services|tools|providers)/.test(query.queryKey[0]),
      }),
  });
}
