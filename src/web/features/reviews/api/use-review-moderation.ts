import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplyPayload, ReportPayload, ReviewReportStatus } from '../../../../shared/schemas/review-moderation';
import type { ListingType, ReviewReply } from '../../../../shared/types';
import { apiGet, apiRequest } from '../../../lib/api';
import { myReportsKey } from './use-my-reports';

/** Which of the listing's reviews the viewer has reported, and (their own listing) whether they are warned. */
export function useReportStatus(type: ListingType, listingId: number) {
  return useQuery({
    queryKey: [`/api/${type}`, 'reviews', listingId, 'my-reports'],
    queryFn: () => apiGet<ReviewReportStatus>(`/api/${type}/${listingId}/reviews/my-reports`),
  });
}

/**
 * Replies and reports change what the listing's reviews show: they are read again. Not awaited: a
 * hidden review's forms leave the page with the refetch, and the caller's success toast must run first.
 */
function useRefreshReviews(type: ListingType) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [`/api/${type}`] });
}

/** PUT /api/reviews/{id}/reply: posts or edits the provider's reply. */
export function useSaveReply(type: ListingType, reviewId: number) {
  const refresh = useRefreshReviews(type);
  return useMutation({
    mutationFn: (reply: ReplyPayload) => apiRequest<ReviewReply>('PUT', `/api/reviews/${reviewId}/reply`, reply),
    onSuccess: refresh,
  });
}

/** DELETE /api/reviews/{id}/reply. */
export function useDeleteReply(type: ListingType, reviewId: number) {
  const refresh = useRefreshReviews(type);
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', `/api/reviews/${reviewId}/reply`),
    onSuccess: refresh,
  });
}

/** POST /api/reviews/{id}/reports; the reporter's "My reports" is read again too. */
export function useReportReview(type: ListingType, reviewId: number) {
  const refresh = useRefreshReviews(type);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: ReportPayload) => apiRequest<{ id: number; reviewStatus: 'under_review' | 'hidden' }>('POST', `/api/reviews/${reviewId}/reports`, report),
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: myReportsKey });
    },
  });
}
