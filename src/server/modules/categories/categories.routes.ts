import { z } from 'zod';
import { type RoutesPlugin, typed } from '../../deps';
import { cacheTables, sendCachedJson } from '../../plugins/read-cache';
import { categoryBySlug, listCategories } from './categories.service';

const typeQuery = z.object({
  type: z.enum(['tools', 'services'], { error: 'type must be tools or services' }).optional(),
});

const listQuery = typeQuery.extend({
  /** 'true' adds each category's bottomContent (the administrator's category editor). */
  withContent: z.enum(['true', 'false'], { error: 'withContent must be true or false' }).optional(),
});

// The router already refuses path parameters over 100 characters (414).
const slugParams = z.object({ slug: z.string() });

/** Public category reads. The administrator's writes live in categories-admin.routes.ts. */
export const categoriesRoutes: RoutesPlugin = (fastify, { db, cache }) => {
  const app = typed(fastify);

  app.get('/api/categories', { schema: { querystring: listQuery } }, async (request, reply) => {
    const { type, withContent } = request.query;
    return sendCachedJson(request, reply, cache, `categories:${type ?? 'all'}:${withContent === 'true'}`, [cacheTables.categories], () =>
      listCategories(db, type, withContent === 'true'),
    );
  });

  app.get('/api/categories/by-slug/:slug', { schema: { params: slugParams, querystring: typeQuery } }, async (request) =>
    categoryBySlug(db, request.params.slug, request.query.type),
  );
};
