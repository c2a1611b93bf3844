import { z } from 'zod';
import { type RoutesPlugin, typed } from '../../deps';
import { errors } from '../../lib/route-docs';
import { listingIdParams } from '../listings/listing-params';
import { websiteClick } from './website-click.service';

/** Clicks out to listings' websites. */
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
};
