import { z } from 'zod';
import { decidedReviewJson, decisionSchema, reportedReviewJson } from '../../../shared/schemas/review-moderation';
import { type RoutesPlugin, typed } from '../../deps';
import { errors } from '../../lib/route-docs';
import { adminOf, adminScope } from '../../plugins/admin-scope';
import { decideReportedReview, listReportedReviews } from './review-decisions.service';
import { reviewIdParams } from './review-id-params';

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The administrators' "Reported reviews" queue and its decisions. */
export const reviewModerationRoutes: RoutesPlugin = (fastify, deps) =>
  adminScope(fastify, (scope) => {
    const app = typed(scope);
    app.get(
      '/api/admin/review-reports',
      { schema: { summary: 'Reviews with open reports, the longest waiting first (X-Total-Count: all)', querystring: pageQuery, response: { 200: z.array(reportedReviewJson), ...errors(400) } } },
      async (request, reply) => {
        const { items, total } = await listReportedReviews(deps.db, request.query.limit, request.query.offset);
        return reply.header('x-total-count', String(total)).send(items);
      },
    );
    app.post(
      '/api/admin/review-reports/:reviewId/decision',
      {
        schema: {
          summary: 'Decide a reported review: keep it, edit personal information out of it, or remove it; the reporters are told',
          params: reviewIdParams,
          body: decisionSchema,
          response: { 200: decidedReviewJson, ...errors(400, 404, 409) },
        },
      },
      async (request) => decideReportedReview(deps, adminOf(request), request.params.reviewId, request.body),
    );
  });
