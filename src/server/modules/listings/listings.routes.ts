import { z } from 'zod';
import { featuredQuerySchema, listingQuerySchema, reviewsPageSchema, trendingQuerySchema } from '../../../shared/schemas/listing-query';
import { listingRatingBreakdownJson, listingSummaryJson, listingJson, reviewJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { cacheTables, sendCachedJson, sendCachedJsonWithHeaders } from '../../plugins/read-cache';
import { errors } from '../../lib/route-docs';
import { VIEW_COUNTED_HEADER } from '../../plugins/counted-views';
import { served } from '../../plugins/served-answers';
import { appearanceCounter } from '../insight/appearances';
import { listingIdParams, listingKeyParams } from './listing-params';
import * as catalogue from './listings.service';
import { forgetCatalogueWords } from './search-words.queries';
import { scheduleStaleViewCleanup } from './stale-view-cleanup';
import { scheduleTrendingRefresh } from './trending-refresh';
import { viewVisitor } from './view-visitor';

// What a listing card shows: the listing (its rating included), its category, its provider and its partner programme.
const cardTables = [cacheTables.listings, cacheTables.categories, cacheTables.users, cacheTables.partnerProgrammes];
// A search's answer also follows the synonyms an administrator keeps.
const searchTables = [...cardTables, cacheTables.searchSynonyms];

/**
 * The public catalogue reads. Writes (creating, editing, reviewing, favouriting, contacting)
 * live in their own modules.
 */
export const listingsRoutes: RoutesPlugin = (fastify, { db, reads, config, cache, publicReads, dailyCounts }) => {
  const app = typed(fastify);
  scheduleStaleViewCleanup(fastify, db);
  scheduleTrendingRefresh(fastify, db);
  // What this server knows of the catalogue's words follows the writes its cached answers follow,
  // on each handle a search may read through: the primary's and the public reads' (their pool or the replicas).
  cache.onWrite((table) => {
    if (table !== undefined && table !== cacheTables.listings && table !== cacheTables.searchSynonyms) return;
    forgetCatalogueWords(db);
    forgetCatalogueWords(reads.anyone);
  });

  const tags = ['Catalogue'];
  const listings = z.array(listingSummaryJson);
  for (const type of ['services', 'tools'] as const) {
    const list = { tags, summary: `Search and filter live ${type}, a page at a time (X-Total-Count: all matches; X-Total-Count-Exact: false when that is a lower bound; with search=, X-Other-Type-Count: live matches of the words in the other type, and X-Search-Words when no listing has every word: the words the listings answered all have, URI-encoded, one space apart)`, querystring: listingQuerySchema };
    app.get(`/api/${type}`, { schema: { ...list, response: { 200: listings, ...errors(400, 401, 403) } } }, async (request, reply) => {
      // Live listings are public reads (a replica may serve them); other statuses are the administrators' moderation view.
      const readDb = request.query.status === 'approved' ? reads.for(request) : db;
      const page = async () => {
        const { items, total, totalExact, otherType, relaxedTo } = await catalogue.listCatalogue(readDb, request.user, type, request.query);
        // A total past the count limit is a lower bound: clients show "10,000+". A search also
        // says how many of the other type match its words ("Also 3 services match").
        const headers = {
          'x-total-count': String(total),
          'x-total-count-exact': String(totalExact),
          ...(otherType ? { 'x-other-type-count': String(otherType.total), 'x-other-type-count-exact': String(otherType.totalExact) } : {}),
          // A relaxed search ("No listing has all of ..."): its words may be of any script, so encoded.
          ...(relaxedTo ? { 'x-search-words': encodeURIComponent(relaxedTo.join(' ')) } : {}),
        };
        const onServe = appearanceCounter(dailyCounts, request.query, items.map((item) => item.id));
        return { answer: items, headers, onServe };
      };
      // Visitors' searches and filters repeat (the same few words, the first pages): their answers
      // are kept like the other hot reads, keyed by the parsed query, so junk parameters cannot
      // multiply the entries. Signed-in viewers may see more (their own e-mail): always fresh.
      if (!request.user && request.query.status === 'approved') {
        const key = `catalogue:${type}:${JSON.stringify(request.query)}`;
        // A read no cache answers costs a query: those are limited per address (docs/decisions/rate-limits.md).
        if (!cache.peek(key)) await publicReads.check(request);
        return sendCachedJsonWithHeaders(request, reply, cache, key, searchTables, page);
      }
      // Never cached, so always counted: per account for a signed-in viewer.
      await publicReads.check(request);
      const { answer, headers, onServe } = await page();
      served(request.headers, { onServe });
      return reply.headers(headers).send(answer);
    });

    app.get(`/api/${type}/featured`, { schema: { tags, summary: `Featured live ${type}`, querystring: featuredQuerySchema, response: { 200: listings, ...errors(400) } } }, async (request, reply) =>
      sendCachedJson(request, reply, cache, `featured:${type}:${request.query.limit}`, cardTables, () =>
        catalogue.featuredListings(reads.for(request), type, request.query.limit),
      ),
    );

    const detail = { tags, summary: `One of the ${type} by id or slug (its owner and administrators also see it before approval)`, params: listingKeyParams };
    app.get(`/api/${type}/:id`, { schema: { ...detail, response: { 200: listingJson, ...errors(400, 404) } } }, async (request) => {
      // HEAD requests come from link checkers and previewers, not from anyone looking.
      // A render's read after its page already counted the visit (plugins/counted-views.ts) counts nothing.
      const visitor =
        request.method === 'GET' && request.headers[VIEW_COUNTED_HEADER] === undefined
          ? viewVisitor(config.sessionSecret, { userId: request.user?.id, ip: request.ip, userAgent: request.headers['user-agent'] }, new Date())
          : null;
      return catalogue.listingDetail(reads.for(request), request.user, type, request.params.id, { visitor, counts: dailyCounts, views: db });
    });

    const reviews = {
      tags,
      summary: 'Reviews of a listing, newest first, or by stars (sort); only those with some stars (rating) or reviewer context (context) (X-Total-Count: all that match)',
      params: listingIdParams,
      querystring: reviewsPageSchema,
    };
    app.get(`/api/${type}/:id/reviews`, { schema: { ...reviews, response: { 200: z.array(reviewJson), ...errors(400, 404) } } }, async (request, reply) => {
      const { items, total } = await catalogue.listingReviews(reads.for(request), request.user, type, request.params.id, request.query);
      return reply.header('x-total-count', String(total)).send(items);
    });

    const breakdown = { tags, summary: "How many of a listing's reviews gave each number of stars, with the rating and count they make", params: listingIdParams };
    app.get(`/api/${type}/:id/reviews/breakdown`, { schema: { ...breakdown, response: { 200: listingRatingBreakdownJson, ...errors(400, 404) } } }, async (request) =>
      catalogue.listingRatingBreakdown(reads.for(request), request.user, type, request.params.id),
    );
  }

  // Scores are refreshed every minute (trending-refresh.ts); each refresh invalidates this entry.
  const trending = { tags, summary: 'Live services by trending score (docs/decisions/trending-score.md)', querystring: trendingQuerySchema };
  app.get('/api/services/trending', { schema: { ...trending, response: { 200: listings, ...errors(400) } } }, async (request, reply) =>
    sendCachedJson(request, reply, cache, `trending:${request.query.limit}`, [...cardTables, cacheTables.trendingScores], () =>
      catalogue.trendingServices(reads.for(request), request.query.limit),
    ),
  );
};
