import { z } from 'zod';
import { IMAGE_WIDTHS, isImageWidth } from '../../../shared/image-widths';
import { type RoutesPlugin, typed } from '../../deps';
import { errors } from '../../lib/route-docs';
import { AppError } from '../../lib/app-error';
import { ImageVariantCache } from './image-variant-cache';
import { storedImage } from './images.service';

const widthMessage = `w must be one of ${IMAGE_WIDTHS.join(', ')}`;

const imageQuery = z.object({
  // Only the fixed widths: any width a client liked would be a resize (and a cache entry) per request.
  w: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string({ error: widthMessage })
      .regex(/^\d{1,4}$/, widthMessage)
      .transform(Number)
      .refine(isImageWidth, widthMessage)
      .optional(),
  ),
});

// About a thousand card-sized WebPs; enough for the images of the pages people are looking at.
const VARIANT_CACHE_BYTES = 32 * 1024 * 1024;

export const imagesRoutes: RoutesPlugin = (fastify, { db }) => {
  const app = typed(fastify);
  const variants = new ImageVariantCache(VARIANT_CACHE_BYTES);
  app.get(
    '/api/images/:id',
    {
      schema: {
        tags: ['Site'],
        summary: 'An uploaded or captured image (immutable: a new image gets a new id)',
        params: z.object({ id: z.string().regex(/^[\w-]{1,64}$/) }),
        querystring: imageQuery,
        produces: ['image/webp', 'image/png', 'image/jpeg', 'image/gif'],
        response: { 200: z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' }), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const image = await storedImage(db, variants, request.params.id, request.query.w);
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
