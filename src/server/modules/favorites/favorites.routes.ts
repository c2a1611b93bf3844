import { z } from 'zod';
import { favoriteStatusJson, listingSummaryJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, signedIn } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth';
import * as favorites from './favorites.service';
import { listingIdParams } from './listing-id-params';

const listQuery = z.object({
  type: z.enum(['tools', 'services'], { error: 'type must be tools or services' }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(1_000_000).default(0),
});

export const favoritesRoutes: RoutesPlugin = (fastify, { db }) => {
  const app = typed(fastify);
  // Everything here is a member's own data: signed-out requests get 401 before their input is even read.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  const member = { tags: ['Favourites'], ...signedIn };
  app.get('/api/favorites', { schema: { ...member, summary: "The member's saved listings, newest first (X-Total-Count: all)", querystring: listQuery, response: { 200: z.array(listingSummaryJson), ...errors(400, 401) } } }, async (request, reply) => {
    const { items, total } = await favorites.listFavorites(db, requireUser(request), request.query);
    return reply.header('x-total-count', total).send(items);
  });

  // What the hearts on a page of cards read, instead of one status request per card.
  app.get('/api/favorites/ids', { schema: { ...member, summary: 'Ids of every listing the member saved', response: { 200: z.array(z.number().int()), ...errors(401) } } }, async (request) => favorites.favoriteIds(db, requireUser(request)));

  app.post('/api/favorites/:id', { schema: { ...member, summary: 'Save a live listing (saving twice is not an error)', params: listingIdParams, response: { 200: favoriteStatusJson, ...errors(400, 401, 404) } } }, async (request) =>
    favorites.addFavorite(db, requireUser(request), request.params.id),
  );

  app.delete('/api/favorites/:id', { schema: { ...member, summary: 'Remove a saved listing', params: listingIdParams, response: { 200: favoriteStatusJson, ...errors(400, 401) } } }, async (request) =>
    favorites.removeFavorite(db, requireUser(request), request.params.id),
  );

  for (const type of ['services', 'tools'] as const) {
    app.get(`/api/${type}/:id/favorite-status`, { schema: { ...member, summary: 'Whether the member saved this listing', params: listingIdParams, response: { 200: favoriteStatusJson, ...errors(400, 401, 404) } } }, async (request) =>
      favorites.favoriteStatus(db, requireUser(request), type, request.params.id),
    );
  }
};
