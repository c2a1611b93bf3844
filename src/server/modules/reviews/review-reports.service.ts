import type { Database } from '../../../db/client';
import { hidingReasons, type OwnReviewReport, type ReportPayload, type ReviewReportStatus } from '../../../shared/schemas/review-moderation';
import type { ListingType } from '../../../shared/types';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../users/users.queries';
import { findListingForReviews } from './reviews.queries';
import { findReviewContext, insertReport, openReportsOnListing, reportsByReporter, setReviewModeration, warnedProviders } from './review-moderation.queries';

/**
 * POST /api/reviews/{id}/reports: any signed-in person but the review's author, the listing's
 * provider included, reports a live review once until it is decided. A report for personal
 * information or abuse hides the review at once, unless an administrator already kept it as it
 * stands; any other marks it "under review" and leaves it up, so a flag cannot silence criticism.
 * The report and the review's new state land together.
 */
export async function reportReview(db: Database, user: UserRow, reviewId: number, input: ReportPayload) {
  return db.transaction(async (tx) => {
    // The review row is locked: two reports at once cannot leave it "under review" when one hides it.
    const context = await findReviewContext(tx, reviewId, { lock: true });
    if (!context || context.listing.status !== 'approved' || context.review.moderation === 'removed') throw AppError.notFound('Review not found');
    const { review, listing } = context;
    if (review.userId === user.id) throw AppError.forbidden('You cannot report your own review. You can edit it instead.');

    const stored = await insertReport(tx, {
      reviewId,
      reporterId: user.id,
      reporterRole: listing.providerId === user.id ? 'provider' : 'member',
      reason: input.reason,
      details: input.details,
      reviewRating: review.rating,
    });
    if (!stored) throw AppError.conflict('You have already reported this review. A moderator will look at it soon.');

    // A review an administrator kept stays up whatever the next report says: the report waits in
    // the queue, or one person could hide it again at once, as often as they liked.
    const hides = !review.kept && (hidingReasons.includes(input.reason) || review.moderation === 'hidden');
    const reviewStatus = hides ? 'hidden' : 'under_review';
    if (reviewStatus !== review.moderation) await setReviewModeration(tx, reviewId, reviewStatus);
    return { id: stored.id, reason: stored.reason, reviewStatus } as const;
  });
}

/**
 * GET /api/{type}/{id}/reviews/my-reports: which of the listing's reviews the viewer has an open
 * report on (the page says so instead of offering the form again), and, on their own listing,
 * whether the warning rule applies to them.
 */
export async function reportStatus(db: Database, user: UserRow, type: ListingType, listingId: number): Promise<ReviewReportStatus> {
  const listing = await findListingForReviews(db, type, listingId);
  if (!listing || listing.status !== 'approved') throw AppError.notFound(type === 'tools' ? 'Tool not found' : 'Service not found');
  const [reportedReviewIds, warned] = await Promise.all([
    openReportsOnListing(db, user.id, listingId),
    listing.providerId === user.id ? warnedProviders(db, [user.id]).then((set) => set.has(user.id)) : false,
  ]);
  return { reportedReviewIds, warned };
}

/**
 * GET /api/reviews/my-reports: the signed-in person's own reports and where each stands (open, or
 * kept, edited or removed and when). The query is bound to their id: nobody sees another's reports.
 */
export async function ownReports(db: Database, user: UserRow, limit: number, offset: number): Promise<{ items: OwnReviewReport[]; total: number }> {
  const { rows, total } = await reportsByReporter(db, user.id, limit, offset);
  const items = rows.map(
    (row): OwnReviewReport => ({
      id: row.id,
      reason: row.reason,
      role: row.role,
      reportedAt: row.createdAt.toISOString(),
      status: row.outcome ?? 'open',
      decidedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
      review: { id: row.reviewId, rating: row.reviewRating },
      listing: { id: row.listing.id, type: row.listing.type, slug: row.listing.slug, title: row.listing.title, live: row.listing.status === 'approved' },
    }),
  );
  return { items, total };
}
