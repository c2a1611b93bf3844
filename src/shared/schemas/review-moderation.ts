import { z } from 'zod';
import { optionalText, requiredText } from './auth';

/*
 * Replies to reviews, reports of reviews and the administrators' decisions on them: the forms,
 * the routes and the API document share these (docs/decisions/review-replies-and-reports.md).
 */

export const REPLY_REQUIRED = 'Please write a reply.';

/** PUT /api/reviews/{id}/reply: the listing provider's public answer, plain text like a review. */
export const replySchema = z.object({
  body: requiredText(REPLY_REQUIRED).pipe(z.string().max(5000, 'Replies must be at most 5000 characters')),
});
export type ReplyPayload = z.output<typeof replySchema>;

export const reportReasons = ['spam', 'abusive', 'personal_info', 'conflict_of_interest', 'not_genuine', 'wrong_listing', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

/** What the report form offers, in this order. */
export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  abusive: 'Abusive or hateful',
  personal_info: 'Personal information',
  conflict_of_interest: 'Conflict of interest',
  not_genuine: 'Not a genuine client experience',
  wrong_listing: 'Wrong listing',
  other: 'Other',
};

/**
 * Reasons that hide the review at once, until an administrator decides: leaving personal data or
 * abuse up for days does harm no later decision undoes. Every other reason leaves the review up,
 * marked "under review", so a flag cannot silence criticism.
 */
export const hidingReasons: readonly ReportReason[] = ['personal_info', 'abusive'];

export const REPORT_DETAILS_REQUIRED = 'Please say what is wrong with this review.';

/** POST /api/reviews/{id}/reports. "Other" needs a few words; the other reasons may add some. */
export const reportSchema = z
  .object({
    reason: z.enum(reportReasons, { error: 'Please choose a reason.' }),
    details: optionalText(1000),
  })
  .refine((report) => report.reason !== 'other' || !!report.details, { path: ['details'], message: REPORT_DETAILS_REQUIRED });
export type ReportPayload = z.output<typeof reportSchema>;

export const reviewDecisions = ['keep', 'edit', 'remove'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

export const EDITED_COMMENT_REQUIRED = 'Please give the comment without the personal information.';

/**
 * POST /api/admin/review-reports/{reviewId}/decision: keep the review (the reports are closed),
 * edit personal information out of its comment, or remove it. `note` goes to the audit log and
 * to the reporters' mail.
 */
export const decisionSchema = z
  .object({
    decision: z.enum(reviewDecisions, { error: 'Please choose a decision.' }),
    comment: optionalText(5000),
    note: optionalText(1000),
  })
  .refine((input) => input.decision !== 'edit' || !!input.comment, { path: ['comment'], message: EDITED_COMMENT_REQUIRED });
export type DecisionPayload = z.output<typeof decisionSchema>;

/** What a reporter is told, and what the queue and audit log call each outcome. */
export const decisionOutcome: Record<ReviewDecision, 'kept' | 'edited' | 'removed'> = { keep: 'kept', edit: 'edited', remove: 'removed' };

/**
 * The warning rule for providers who report reviews of their own listings: warned when their last
 * WARN_AFTER decided reports were all rejected (the review kept) and all on reviews of 1 or 2
 * stars. A justified report, or one on a better rating, lifts it.
 */
export const WARN_AFTER_REJECTED = 3;
export const LOW_RATING_MAX = 2;

const isoDate = z.string().describe('ISO 8601 date and time');

export const reportStatusJson = z
  .object({
    reportedReviewIds: z.array(z.number().int()).describe("Reviews of this listing with the viewer's open report"),
    warned: z.boolean().describe('The viewer, as this listing’s provider, is warned about reporting only low ratings'),
  })
  .meta({ id: 'ReviewReportStatus' });
export type ReviewReportStatus = z.infer<typeof reportStatusJson>;

export const submittedReportJson = z
  .object({
    id: z.number().int(),
    reason: z.enum(reportReasons),
    reviewStatus: z.enum(['under_review', 'hidden']).describe('What the public sees of the review now'),
  })
  .meta({ id: 'SubmittedReviewReport' });

export const reportedReviewJson = z
  .object({
    review: z.object({
      id: z.number().int(),
      rating: z.number().int(),
      comment: z.string(),
      createdAt: isoDate,
      status: z.enum(['published', 'under_review', 'hidden', 'removed']),
      author: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
    }),
    listing: z.object({
      id: z.number().int(),
      type: z.enum(['tools', 'services']),
      slug: z.string(),
      title: z.string(),
      rating: z.number(),
      reviewCount: z.number().int(),
      ratingHistory: z
        .array(z.object({ month: z.string().describe('YYYY-MM'), reviews: z.number().int(), average: z.number() }))
        .describe('Reviews counted in the rating, by month of writing, the last 12 months that have any'),
    }),
    reportCount: z.number().int(),
    firstReportedAt: isoDate,
    reports: z.array(
      z.object({
        id: z.number().int(),
        reason: z.enum(reportReasons),
        details: z.string().nullable(),
        createdAt: isoDate,
        role: z.enum(['member', 'provider']).describe("provider: the reviewed listing's own provider"),
        reporter: z
          .object({ id: z.string(), email: z.string(), name: z.string(), warned: z.boolean().describe('A provider under the warning rule') })
          .nullable()
          .describe('Null once the reporter deleted their account'),
      }),
    ),
  })
  .meta({ id: 'ReportedReview' });
export type ReportedReview = z.infer<typeof reportedReviewJson>;

export const decidedReviewJson = z
  .object({
    reviewId: z.number().int(),
    outcome: z.enum(['kept', 'edited', 'removed']),
    reportsClosed: z.number().int(),
    listing: z.object({ rating: z.number(), reviewCount: z.number().int() }),
  })
  .meta({ id: 'ReviewDecision' });

/** Where a person's own report stands: open until a moderator decides, then the decision. */
export const ownReportStatuses = ['open', 'kept', 'edited', 'removed'] as const;
export type OwnReportStatus = (typeof ownReportStatuses)[number];

/** What the reporter reads of each status, in "My reports" and beside the review. */
export const ownReportStatusLabels: Record<OwnReportStatus, string> = {
  open: 'Under review',
  kept: 'Kept: the review stays up',
  edited: 'Edited by a moderator',
  removed: 'Removed',
};

/**
 * GET /api/reviews/my-reports: one of the signed-in person's own reports. Only their own: never
 * another reporter, the review's author or its text, which may be what was reported.
 */
export const ownReportJson = z
  .object({
    id: z.number().int(),
    reason: z.enum(reportReasons),
    role: z.enum(['member', 'provider']).describe("provider: reported as the reviewed listing's own provider"),
    reportedAt: isoDate,
    status: z.enum(ownReportStatuses),
    decidedAt: isoDate.nullable().describe('When a moderator decided; null while open'),
    review: z.object({
      id: z.number().int(),
      rating: z.number().int().describe('The rating when it was reported'),
    }),
    listing: z.object({
      id: z.number().int(),
      type: z.enum(['tools', 'services']),
      slug: z.string(),
      title: z.string(),
      live: z.boolean().describe('Whether its page is public (a link to it works)'),
    }),
  })
  .meta({ id: 'OwnReviewReport' });
export type OwnReviewReport = z.infer<typeof ownReportJson>;
