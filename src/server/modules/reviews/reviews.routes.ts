import { reviewSchema } from '../../../shared/schemas/review';
import { type RoutesPlugin, typed } from '../../deps';
import { requireUser } from '../../plugins/auth';
import { listingIdParams } from '../favorites/listing-id-params';
import { submitReview } from './reviews.service';

/** Writing reviews. Reading them (GET .../reviews) belongs to the catalogue's listing routes. */
export const reviewsRoutes: RoutesPlugin = (fastify, { db }) => {
  const app = typed(fastify);
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  for (const type of ['services', 'tools'] as const) {
    app.post(`/api/${type}/:id/reviews`, { schema: { params: listingIdParams, body: reviewSchema } }, async (request, reply) => {
      const { review, created, listing } = await submitReview(db, requireUser(request), type, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({ ...review, listing });
    });
  }
};
