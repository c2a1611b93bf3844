import { z } from 'zod';
import { categoryJson, categorySummaryJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { cacheTables, sendCachedJson } from '../../plugins/read-cache';
import { errors } from '../../lib/route-docs';
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
export const categoriesRoutes: RoutesPlugin = (fastify, { reads, cache }) => {
  const app = typed(fastify);

  const listAnswer = z.array(z.union([categoryJson, categorySummaryJson])).describe('bottomContent only with withContent=true');
  app.get('/api/categories', { schema: { tags: ['Catalogue'], summary: 'Every category, or those of one type', querystring: listQuery, response: { 200: listAnswer, ...errors(400) } } }, async (request, reply) => {
    const { type, withContent } = request.query;
    return sendCachedJson(request, reply, cache, `categories:${type ?? 'all'}:${withContent === 'true'}`, [cacheTables.categories], () =>
      listCategories(reads.for(request), type, withContent === 'true'),
    );
  });

  app.get('/api/categories/by-slug/:slug', { schema: { tags: ['Catalogue'], summary: 'One category with its rich-text content', params: slugParams, querystring: typeQuery, response: { 200: categoryJson, ...errors(400, 404) } } }, async (request) =>
    categoryBySlug(reads.for(request), request.params.slug, request.query.type),
  );
};
