import type { FastifyRequest } from 'fastify';
import { reviewSchema } from '../../../shared/schemas/review';
import { submittedReviewJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, signedIn } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth';
import { listingIdParams } from '../favorites/listing-id-params';
import { submitReview } from './reviews.service';

/** Writing reviews. Reading them (GET .../reviews) belongs to the catalogue's listing routes. */
/** Each review recomputes a listing's rating: a member may write a few a minute, not a flood. */
export const REVIEWS_PER_MINUTE = 10;

export const reviewsRoutes: RoutesPlugin = (fastify, { db }) => {
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
  }
};
