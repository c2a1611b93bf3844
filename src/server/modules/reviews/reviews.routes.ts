import type { FastifyRequest } from 'fastify';
import { reviewSchema } from '../../../shared/schemas/review';
import { type RoutesPlugin, typed } from '../../deps';
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
    app.post(`/api/${type}/:id/reviews`, { schema: { params: listingIdParams, body: reviewSchema }, config: limited }, async (request, reply) => {
      const { review, created, listing } = await submitReview(db, requireUser(request), type, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({ ...review, listing });
    });
  }
};
