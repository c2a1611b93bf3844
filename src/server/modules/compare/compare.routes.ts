import { compareJson, compareQuerySchema } from '../../../shared/schemas/compare';
import { type RoutesPlugin, typed } from '../../deps';
import { errors } from '../../lib/route-docs';
import { compareListings } from './compare.service';

/** GET /api/compare?ids=: what the comparison page shows, for whoever asks (numbers by the viewer, as on listing pages). */
export const compareRoutes: RoutesPlugin = async (fastify, { reads }) => {
  const app = typed(fastify);
  const summary = 'Up to four live listings side by side with their partner programmes, in canonical (ascending id) order; numbers only for those each programme allows';
  app.get('/api/compare', { schema: { tags: ['Listings'], summary, querystring: compareQuerySchema, response: { 200: compareJson, ...errors(400) } } }, async (request) =>
    compareListings(reads.for(request), request.user, request.query.ids),
  );
};
