import { z } from 'zod';
import { type RoutesPlugin, typed } from '../../deps';
import { AppError } from '../../lib/app-error';
import { findImage } from './images.queries';

export const imagesRoutes: RoutesPlugin = (fastify, { db }) => {
  const app = typed(fastify);
  app.get(
    '/api/images/:id',
    { schema: { params: z.object({ id: z.string().regex(/^[\w-]{1,64}$/) }) } },
    async (request, reply) => {
      const image = await findImage(db, request.params.id);
      if (!image) throw AppError.notFound('Image not found');
      // An image never changes under its id (a new upload gets a new id), so it may be cached for good.
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
  );
};
