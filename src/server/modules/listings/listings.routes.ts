import { featuredQuerySchema, listingQuerySchema, reviewsPageSchema, trendingQuerySchema } from '../../../shared/schemas/listing-query';
import { type RoutesPlugin, typed } from '../../deps';
import { cacheTables, sendCachedJson } from '../../plugins/read-cache';
import { listingIdParams, listingKeyParams } from './listing-params';
import * as catalogue from './listings.service';
import { scheduleStaleViewCleanup } from './stale-view-cleanup';
import { viewVisitor } from './view-visitor';

// What a listing card shows: the listing (its rating included), its category and its provider.
const cardTables = [cacheTables.listings, cacheTables.categories, cacheTables.users];

/**
 * The public catalogue reads. Writes (creating, editing, reviewing, favouriting, contacting)
 * live in their own modules.
 */
export const listingsRoutes: RoutesPlugin = (fastify, { db, config, cache }) => {
  const app = typed(fastify);
  scheduleStaleViewCleanup(fastify, db);

  for (const type of ['services', 'tools'] as const) {
    app.get(`/api/${type}`, { schema: { querystring: listingQuerySchema } }, async (request, reply) => {
      const { items, total, totalExact } = await catalogue.listCatalogue(db, request.user, type, request.query);
      // A total past the count limit is a lower bound: clients show "10,000+".
      return reply.header('x-total-count', String(total)).header('x-total-count-exact', String(totalExact)).send(items);
    });

    app.get(`/api/${type}/featured`, { schema: { querystring: featuredQuerySchema } }, async (request, reply) =>
      sendCachedJson(request, reply, cache, `featured:${type}:${request.query.limit}`, cardTables, () =>
        catalogue.featuredListings(db, type, request.query.limit),
      ),
    );

    app.get(`/api/${type}/:idOrSlug`, { schema: { params: listingKeyParams } }, async (request) => {
      // HEAD requests come from link checkers and previewers, not from anyone looking.
      const visitor =
        request.method === 'GET'
          ? viewVisitor(config.sessionSecret, { userId: request.user?.id, ip: request.ip, userAgent: request.headers['user-agent'] }, new Date())
          : null;
      return catalogue.listingDetail(db, request.user, type, request.params.idOrSlug, { visitor });
    });

    app.get(`/api/${type}/:id/reviews`, { schema: { params: listingIdParams, querystring: reviewsPageSchema } }, async (request, reply) => {
      const { items, total } = await catalogue.listingReviews(db, request.user, type, request.params.id, request.query);
      return reply.header('x-total-count', String(total)).send(items);
    });
  }

  // Views move the score without a notification; the cache's maximum age bounds how late they show.
  app.get('/api/services/trending', { schema: { querystring: trendingQuerySchema } }, async (request, reply) =>
    sendCachedJson(request, reply, cache, `trending:${request.query.limit}`, [...cardTables, cacheTables.reviews, cacheTables.favorites], () =>
      catalogue.trendingServices(db, request.query.limit),
    ),
  );
};
