import { z } from 'zod';
import { type RoutesPlugin, typed } from '../../deps';
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

  app.get('/api/favorites', { schema: { querystring: listQuery } }, async (request, reply) => {
    const { items, total } = await favorites.listFavorites(db, requireUser(request), request.query);
    return reply.header('x-total-count', total).send(items);
  });

  // What the hearts on a page of cards read, instead of one status request per card.
  app.get('/api/favorites/ids', async (request) => favorites.favoriteIds(db, requireUser(request)));

  app.post('/api/favorites/:id', { schema: { params: listingIdParams } }, async (request) =>
    favorites.addFavorite(db, requireUser(request), request.params.id),
  );

  app.delete('/api/favorites/:id', { schema: { params: listingIdParams } }, async (request) =>
    favorites.removeFavorite(db, requireUser(request), request.params.id),
  );

  for (const type of ['services', 'tools'] as const) {
    app.get(`/api/${type}/:id/favorite-status`, { schema: { params: listingIdParams } }, async (request) =>
      favorites.favoriteStatus(db, requireUser(request), type, request.params.id),
    );
  }
};
