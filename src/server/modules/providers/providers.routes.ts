import { z } from 'zod';
import { type RoutesPlugin, typed } from '../../deps';
import { providerProfile } from './providers.service';

// User ids and slugs are text; the router already refuses parameters over 100 characters.
const providerParams = z.object({ idOrSlug: z.string().min(1) });

/** Public provider profiles (/company/{id or slug}). */
export const providersRoutes: RoutesPlugin = (fastify, { db }) => {
  const app = typed(fastify);
  app.get('/api/providers/:idOrSlug', { schema: { params: providerParams } }, async (request) => providerProfile(db, request.params.idOrSlug));
};
