import { z } from 'zod';
import { type RoutesPlugin, typed } from '../../deps';
import { insightJson, insightQuerySchema } from '../../../shared/schemas/insight';
import { errors, signedIn } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth';
import { listingIdParams } from '../listings/listing-params';
import { assertInsightGranted } from '../plans/plans.service';
import { insightCsv, providerInsight } from './insight.service';
import { isSubscribed, setSubscribed } from './monthly-mail.queries';
import { scheduleMonthlyFigures, unsubscribe } from './monthly-mail.service';
import { websiteClick } from './website-click.service';
import { acceptOneClickUnsubscribe } from '../../lib/one-click-unsubscribe';

const unsubscribeQuery = z.object({ user: z.string().min(1, 'user is missing').max(100), sig: z.string().min(1, 'sig is missing').max(100) });
const monthlyEmailJson = z.object({ subscribed: z.boolean({ error: 'subscribed must be true or false' }) });
const unsubscribedPage = '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Unsubscribed</title><p>You will no longer receive the monthly figures e-mail. You can turn it back on in the provider dashboard, under Profile.</p>';

/** Clicks out to listings' websites, and the provider's figures of their own listings. */
export const insightRoutes: RoutesPlugin = (fastify, { db, config, mailer, dailyCounts }) => {
  const app = typed(fastify);
  scheduleMonthlyFigures(fastify, { db, config, mailer });

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
    { schema: { ...insight, summary: 'Daily figures of one of your listings (?listing=) or all of them, over a range, against the previous period and the category', response: { 200: insightJson, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const user = requireUser(request);
      await assertInsightGranted(db, user.id);
      return providerInsight(db, user.id, request.query);
    },
  );

  const csvSchema = { ...insight, summary: 'The same days as CSV, one line per day: exactly the table the insight screen shows', response: { 200: z.string().describe('CSV text (UTF-8 with a byte-order mark)'), ...errors(400, 401, 403, 404) } };
  app.get('/api/provider/insight.csv', { schema: csvSchema }, async (request, reply) => {
    const user = requireUser(request);
    await assertInsightGranted(db, user.id);
    const answer = await providerInsight(db, user.id, request.query);
    const name = `figures-${answer.listing ? answer.listing.slug : 'all-listings'}-${answer.range.from}-to-${answer.range.to}.csv`;
    return reply
      .headers({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' })
      .send(insightCsv(answer));
  });

  // The mail's one-click link (GET) and mail clients' one-click unsubscribe (POST, RFC 8058): no sign-in, a signed user id.
  acceptOneClickUnsubscribe(fastify);
  for (const method of ['get', 'post'] as const) {
    const schema = { tags: ['Providers'], summary: 'Stop the monthly figures e-mail, from the signed link in it', querystring: unsubscribeQuery, response: { 200: z.string().describe('A short HTML page'), ...errors(400) } };
    app[method]('/api/unsubscribe/monthly-figures', { schema }, async (request, reply) => {
      await unsubscribe(db, config, request.query.user, request.query.sig);
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(unsubscribedPage);
    });
  }

  const setting = { tags: ['Providers'], ...signedIn };
  app.get('/api/provider/monthly-email', { schema: { ...setting, summary: 'Whether you get the monthly figures e-mail', response: { 200: monthlyEmailJson, ...errors(401) } } }, async (request) => ({
    subscribed: await isSubscribed(db, requireUser(request).id),
  }));
  app.put('/api/provider/monthly-email', { schema: { ...setting, summary: 'Turn the monthly figures e-mail on or off', body: monthlyEmailJson, response: { 200: monthlyEmailJson, ...errors(400, 401) } } }, async (request) => {
    await setSubscribed(db, requireUser(request).id, request.body.subscribed);
    return { subscribed: request.body.subscribed };
  });
};
