import type { Database } from '../../../db/client';
import type { AdminOverview } from '../../../shared/schemas/admin-user';
import { countAwaitingReview, countByStatus } from './admin-listings.queries';
import { countReviewsAwaitingDecision } from '../reviews/review-moderation.queries';
import { countUsers } from './admin-users.queries';

/**
 * The Overview tab's cards. "Pending" counts everything awaiting review, proposed edits included;
 * reported reviews are the reviews with open reports, the "Reported reviews" queue's length.
 */
export async function overview(db: Database): Promise<AdminOverview> {
  const [services, tools, pendingServices, pendingTools, users, reportedReviews] = await Promise.all([
    countByStatus(db, 'services'),
    countByStatus(db, 'tools'),
    countAwaitingReview(db, 'services'),
    countAwaitingReview(db, 'tools'),
    countUsers(db),
    countReviewsAwaitingDecision(db),
  ]);
  const total = (c: typeof services) => c.approved + c.pending + c.rejected;
  return {
    services: { total: total(services), ...services, pending: pendingServices },
    tools: { total: total(tools), ...tools, pending: pendingTools },
    users,
    reportedReviews,
  };
}
