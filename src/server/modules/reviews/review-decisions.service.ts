import type { Database, Executor } from '../../../db/client';
import { formatPersonName } from '../../../shared/format';
import { decisionOutcome, type DecisionPayload, reportReasonLabels, type ReportedReview, type ReportReason, WARN_AFTER_REJECTED } from '../../../shared/schemas/review-moderation';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.queries';
import type { Mailer } from '../mail/mailer';
import type { UserRow } from '../users/users.queries';
import { listingPath } from './review-replies.service';
import { lockListingForReview, refreshListingRating } from './reviews.queries';
import {
  closeOpenReports,
  findReviewContext,
  openReportsOf,
  ratingHistories,
  reportedReviewPage,
  reviewsWithListings,
  setModeratedComment,
  setReviewModeration,
  usersByIds,
  warnedProviders,
} from './review-moderation.queries';

type Deps = { db: Database; config: Config; mailer: Mailer };

const nameOf = (person: { firstName: string | null; lastName: string | null; email: string }) => formatPersonName(person) || person.email;

/**
 * GET /api/admin/review-reports: the "Reported reviews" queue. One entry per review with open
 * reports, the one waiting longest first, with every open report and its reporter (a provider
 * reporting on their own listing, and whether the warning rule applies to them), and the
 * listing's rating by month, so a burst of low ratings or a lone outlier shows at a glance.
 */
export async function listReportedReviews(db: Database, limit: number, offset: number): Promise<{ items: ReportedReview[]; total: number }> {
  const { rows, total } = await reportedReviewPage(db, limit, offset);
  const reviewIds = rows.map((row) => row.reviewId);
  const [details, reports] = await Promise.all([reviewsWithListings(db, reviewIds), openReportsOf(db, reviewIds)]);
  const [histories, warned] = await Promise.all([
    ratingHistories(db, [...new Set(details.map((detail) => detail.listing.id))]),
    warnedProviders(db, [...new Set(reports.flatMap((report) => (report.role === 'provider' && report.reporter ? [report.reporter.id] : [])))]),
  ]);
  const items = rows.flatMap((row): ReportedReview[] => {
    const detail = details.find((candidate) => candidate.review.id === row.reviewId);
    if (!detail) return [];
    const { review, author, listing } = detail;
    return [
      {
        review: {
          id: review.id,
          rating: review.rating,
          comment: review.comment,
          createdAt: review.createdAt.toISOString(),
          status: review.moderation,
          author: author ? { id: author.id, email: author.email, name: nameOf(author) } : null,
        },
        listing: {
          ...listing,
          ratingHistory: histories
            .filter((month) => month.listingId === listing.id)
            .slice(0, 12)
            .map((month) => ({ month: month.month, reviews: month.reviews, average: Number(month.average) })),
        },
        reportCount: row.reportCount,
        firstReportedAt: row.firstReportedAt.toISOString(),
        reports: reports
          .filter((report) => report.reviewId === review.id)
          .map((report) => ({
            id: report.id,
            reason: report.reason,
            details: report.details,
            createdAt: report.createdAt.toISOString(),
            role: report.role,
            reporter: report.reporter && {
              id: report.reporter.id,
              email: report.reporter.email,
              name: nameOf(report.reporter),
              warned: warned.has(report.reporter.id),
            },
          })),
      },
    ];
  });
  return { items, total };
}

const outcomeSentence = {
  kept: 'A moderator checked the review and found it within our rules, so it stays up.',
  edited: 'A moderator edited personal information out of the review; the rest of it stays up.',
  removed: 'A moderator removed the review: it no longer shows or counts in the rating.',
} as const;

/**
 * POST /api/admin/review-reports/{reviewId}/decision. Keep (the reports are closed and the review
 * shows normally), edit personal information out of the comment, or remove the review. The
 * review's new state, the closed reports, the recomputed rating, the audit entry and the mails
 * (each reporter told the outcome; the reviewer told of an edit or removal; a provider newly under
 * the warning rule told so) land in one transaction.
 */
export async function decideReportedReview({ db, config, mailer }: Deps, admin: UserRow, reviewId: number, input: DecisionPayload) {
  const outcome = decisionOutcome[input.decision];
  const result = await db.transaction(async (tx) => {
    const found = await findReviewContext(tx, reviewId);
    if (!found) throw AppError.notFound('Review not found');
    // The listing first, then the review, the order a member's review write takes: no deadlock.
    await lockListingForReview(tx, found.listing.type, found.listing.id);
    const context = (await findReviewContext(tx, reviewId, { lock: true }))!;
    const { review, listing, author } = context;

    // Decided reports only: an open report on a kept review already counts, but is told of when decided.
    const wasWarned = await warnedProviders(tx, listing.providerId ? [listing.providerId] : [], { decidedOnly: true });
    const closed = await closeOpenReports(tx, reviewId, outcome, admin.id);
    if (closed.length === 0) throw AppError.conflict('This review has no open reports: it has already been decided.');

    if (outcome === 'kept') await setReviewModeration(tx, reviewId, 'published');
    else if (outcome === 'edited') await setModeratedComment(tx, reviewId, input.comment!);
    else await setReviewModeration(tx, reviewId, 'removed');
    const aggregates = await refreshListingRating(tx, listing.id);

    const reasons = [...new Set(closed.map((report) => report.reason))].sort();
    const reporters = await usersByIds(tx, [...new Set(closed.flatMap((report) => (report.reporterId ? [report.reporterId] : [])))]);
    await recordAudit(tx, {
      actorId: admin.id,
      action: `review.${input.decision}`,
      entityType: 'review',
      entityId: reviewId,
      // The comment is not copied: an edit or removal for personal information must not keep it here.
      details: {
        listingId: listing.id,
        listingTitle: listing.title,
        rating: review.rating,
        reports: closed.length,
        reasons,
        reporters: reporters.map((reporter) => reporter.email),
        note: input.note,
      },
    });

    const nowWarned = outcome === 'kept' && listing.providerId ? await warnedProviders(tx, [listing.providerId], { decidedOnly: true }) : new Set<string>();
    const link = listingPath(config, listing);
    for (const reporter of reporters) {
      const reasonsOfReporter = closed.filter((report) => report.reporterId === reporter.id).map((report) => reportReasonLabels[report.reason as ReportReason].toLowerCase());
      const warning =
        nowWarned.has(reporter.id) && !wasWarned.has(reporter.id)
          ? [
              '',
              `Your last ${WARN_AFTER_REJECTED} reports on reviews of your listings were all on reviews of 1 or 2 stars, and each review was found within our rules.`,
              'Please report only reviews that break the rules; low ratings alone are not a reason. Moderators see this warning beside your reports.',
            ]
          : [];
      await mailer.queue(tx, {
        to: reporter.email,
        subject: `Your report of a review of "${listing.title}": ${outcome}`,
        text: [
          `Hello ${nameOf(reporter)},`,
          '',
          `Thank you for reporting a review of "${listing.title}" (${reasonsOfReporter.join(', ')}).`,
          outcomeSentence[outcome],
          ...(input.note ? ['', `The moderator's note: ${input.note}`] : []),
          ...warning,
          '',
          link,
          '',
          `All your reports and what was decided: ${config.siteUrl}${closed.some((report) => report.reporterId === reporter.id && report.role === 'provider') ? '/provider' : '/dashboard'}?tab=reports`,
        ].join('\n'),
      });
    }
    if (author && outcome !== 'kept') await queueAuthorMail(tx, mailer, config, author, listing.title, outcome, input.note, link);

    return { reviewId, outcome, reportsClosed: closed.length, listing: { rating: aggregates.rating, reviewCount: aggregates.reviewCount } };
  });
  mailer.deliver();
  return result;
}

async function queueAuthorMail(
  tx: Executor,
  mailer: Mailer,
  config: Config,
  author: { email: string; firstName: string | null; lastName: string | null },
  title: string,
  outcome: 'edited' | 'removed',
  note: string | null,
  link: string,
) {
  await mailer.queue(tx, {
    to: author.email,
    subject: outcome === 'edited' ? `Your review of "${title}" was edited by a moderator` : `Your review of "${title}" was removed`,
    text: [
      `Hello ${nameOf(author)},`,
      '',
      outcome === 'edited'
        ? `A moderator edited personal information out of your review of "${title}" on ${config.siteName}. The rest of it, and your rating, stay as you wrote them.`
        : `A moderator removed your review of "${title}" on ${config.siteName} after it was reported: it breaks the review rules. It no longer shows or counts in the rating.`,
      ...(note ? ['', `The moderator's note: ${note}`] : []),
      '',
      link,
    ].join('\n'),
  });
}
