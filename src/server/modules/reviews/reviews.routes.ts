import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { reviewSchema } from '../../../shared/schemas/review';
import { noContent } from '../../lib/route-docs';
import { reviewReplyJson, submittedReviewJson } from '../../../shared/schemas/responses';
import { ownReportJson, replySchema, reportSchema, reportStatusJson, submittedReportJson } from '../../../shared/schemas/review-moderation';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, signedIn } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth';
import { listingIdParams } from '../favorites/listing-id-params';
import { submitReview } from './reviews.service';
import { putReply, removeReply } from './review-replies.service';
import { ownReports, reportReview, reportStatus } from './review-reports.service';
import { reviewIdParams } from './review-id-params';

/** Writing reviews. Reading them (GET .../reviews) belongs to the catalogue's listing routes. */
/** Each review recomputes a listing's rating: a member may write a few a minute, not a flood. */
export const REVIEWS_PER_MINUTE = 10;
/**
 * Each report may hide a review and costs a moderator's time: ten an hour lets a member flag the
 * spam they come across, not sweep a provider's page (docs/decisions/review-replies-and-reports.md).
 */
export const REPORTS_PER_HOUR = 10;
/** Each first reply e-mails a reviewer; edits are cheap but still writes. */
export const REPLIES_PER_MINUTE = 20;

const ownReportsQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(20),
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be at least 0').default(0),
});

export const reviewsRoutes: RoutesPlugin = (fastify, deps) => {
  const { db } = deps;
  const app = typed(fastify);
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  // Per member (the hook above guarantees one), shared by both routes, counted once the input is valid.
  const limited = {
    rateLimit: {
      max: REVIEWS_PER_MINUTE,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      groupId: 'reviews',
      keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
    },
  };

  for (const type of ['services', 'tools'] as const) {
    const summary = 'Review a live listing (201), or replace your earlier review of it (200)';
    const response = { 201: submittedReviewJson, 200: submittedReviewJson, ...errors(400, 401, 403, 404, 429) };
    app.post(`/api/${type}/:id/reviews`, { schema: { tags: ['Members'], summary, ...signedIn, params: listingIdParams, body: reviewSchema, response }, config: limited }, async (request, reply) => {
      const { review, created, listing } = await submitReview(db, requireUser(request), type, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({ ...review, listing });
    });

    const mine = { tags: ['Members'], summary: "Your open reports on this listing's reviews, and (on your own listing) whether you are warned about reporting only low ratings", ...signedIn, params: listingIdParams };
    app.get(`/api/${type}/:id/reviews/my-reports`, { schema: { ...mine, response: { 200: reportStatusJson, ...errors(400, 401, 404) } } }, async (request) =>
      reportStatus(db, requireUser(request), type, request.params.id),
    );
  }

  const perMember = (groupId: string, max: number, timeWindow: string) => ({
    rateLimit: { max, timeWindow, hook: 'preHandler' as const, groupId, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip },
  });
  const replyLimit = perMember('review-replies', REPLIES_PER_MINUTE, '1 minute');

  const replyDocs = { tags: ['Providers'], ...signedIn, params: reviewIdParams };
  app.put(
    '/api/reviews/:reviewId/reply',
    {
      schema: { ...replyDocs, summary: "Reply to a review of your listing (201; the reviewer is e-mailed), or edit your reply (200, shown as edited)", body: replySchema, response: { 201: reviewReplyJson, 200: reviewReplyJson, ...errors(400, 401, 403, 404, 429) } },
      config: replyLimit,
    },
    async (request, reply) => {
      const { reply: saved, created } = await putReply(deps, requireUser(request), request.params.reviewId, request.body);
      return reply.status(created ? 201 : 200).send(saved);
    },
  );
  app.delete(
    '/api/reviews/:reviewId/reply',
    { schema: { ...replyDocs, summary: 'Delete your reply to a review', response: { 204: noContent, ...errors(400, 401, 403, 404, 429) } }, config: replyLimit },
    async (request, reply) => {
      await removeReply(db, requireUser(request), request.params.reviewId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/reviews/my-reports',
    {
      schema: {
        tags: ['Members'],
        summary: 'Your own reports of reviews, the newest first, and where each stands: open, or kept, edited or removed and when (X-Total-Count: all of them)',
        ...signedIn,
        querystring: ownReportsQuery,
        response: { 200: z.array(ownReportJson), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { items, total } = await ownReports(db, requireUser(request), request.query.limit, request.query.offset);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.post(
    '/api/reviews/:reviewId/reports',
    {
      schema: {
        tags: ['Members'],
        summary: 'Report a review to the moderators (one open report per person per review)',
        description: `Personal information or abuse hides the review until a moderator decides; any other reason leaves it up, marked under review. ${REPORTS_PER_HOUR} reports an hour per member.`,
        ...signedIn,
        params: reviewIdParams,
        body: reportSchema,
        response: { 201: submittedReportJson, ...errors(400, 401, 403, 404, 409, 429) },
      },
      config: perMember('review-reports', REPORTS_PER_HOUR, '1 hour'),
    },
    async (request, reply) => reply.status(201).send(await reportReview(db, requireUser(request), request.params.reviewId, request.body)),
  );
};
