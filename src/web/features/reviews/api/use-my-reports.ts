import { useQuery } from '@tanstack/react-query';
import type { OwnReviewReport } from '../../../../shared/schemas/review-moderation';
import { apiGetPage, withQuery } from '../../../lib/api';

/** How many of their latest reports "My reports" shows; older ones are counted, not listed. */
export const MY_REPORTS_SHOWN = 50;

export const myReportsKey = ['/api/reviews/my-reports'] as const;

/** GET /api/reviews/my-reports: the signed-in person's own reports, the newest first, with the total. */
export const useMyReports = () =>
  useQuery({
    queryKey: [...myReportsKey, MY_REPORTS_SHOWN],
    queryFn: () => apiGetPage<OwnReviewReport>(withQuery('/api/reviews/my-reports', { limit: MY_REPORTS_SHOWN })),
  });
