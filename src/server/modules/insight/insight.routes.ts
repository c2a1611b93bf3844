import { z } from 'zod';
import { type RoutesPlugin, typed } from '../../deps';
import { insightJson, insightQuerySchema } from '../../../shared/schemas/insight';
import { errors, signedIn } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth';
import { listingIdParams } from '../listings/listing-params';
import { insightCsv, providerInsight } from './insight.service';
import { websiteClick } from './website-click.service';

/** Clicks out to listings' websites, and the provider's figures of their own listings. */
export const insightRoutes: RoutesPlugin = (fastify, { db, dailyCounts }) => {
  const app = typed(fastify);

  for (const type of ['services', 'tools'] as const) {
    const schema = {
      tags: ['Catalogue'],
      summary: `Redirects to the stored website of one of the live ${type}, counting the click in its daily figures`,
      params: listingIdParams,
      response: { 302: z.undefined().describe('Found: Location is the listing\'s website'), ...errors(400, 404) },
    };
    app.get(`/api/${type}/:id/website`, { schema }, async (request, reply) => {
      const target = await websiteClick(db, dailyCounts, type, request.params.id, {
        userId: request.user?.id,
        userAgent: request.method === 'GET' ? request.headers['user-agent'] : undefined,
      });
      // Each click must reach the server to count: no cache may keep the redirect.
      return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').redirect(target, 302);
    });
  }

  const insight = { tags: ['Providers'], ...signedIn, querystring: insightQuerySchema };
  app.get(
    '/api/provider/insight',
    { schema: { ...insight, summary: 'Daily figures of one of your listings (?listing=) or all of them, over a range, against the previous period and the category', response: { 200: insightJson, ...errors(400, 401, 404) } } },
    async (request) => providerInsight(db, requireUser(request).id, request.query),
  );

  const csvSchema = { ...insight, summary: 'The same days as CSV, one line per day: exactly the table the insight screen shows', response: { 200: z.string().describe('CSV text (UTF-8 with a byte-order mark)'), ...errors(400, 401, 404) } };
  app.get('/api/provider/insight.csv', { schema: csvSchema }, async (request, reply) => {
    const answer = await providerInsight(db, requireUser(request).id, request.query);
    const name = `figures-${answer.listing ? answer.listing.slug : 'all-listings'}-${answer.range.from}-to-${answer.range.to}.csv`;
    return reply
      .headers({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' })
      .send(insightCsv(answer));
  });
};
