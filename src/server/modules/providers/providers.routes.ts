import { z } from 'zod';
import { providerProfileJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors } from '../../lib/route-docs';
import { providerProfile } from './providers.service';

// User ids and slugs are text; the router already refuses parameters over 100 characters.
const providerParams = z.object({ idOrSlug: z.string().min(1) });

/** Public provider profiles (/company/{id or slug}). */
export const providersRoutes: RoutesPlugin = (fastify, { reads }) => {
  const app = typed(fastify);
  const schema = { tags: ['Catalogue'], summary: "A provider's public profile with their live listings", params: providerParams, response: { 200: providerProfileJson, ...errors(400, 404) } };
  app.get('/api/providers/:idOrSlug', { schema }, async (request) => providerProfile(reads.for(request), request.user, request.params.idOrSlug));
};
