import type { FastifyRequest } from 'fastify';
import { inquirySchema } from '../../../shared/schemas/inquiry';
import { errorJson, sentInquiryJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, signedIn } from '../../lib/route-docs';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/auth';
import { listingIdParams } from '../favorites/listing-id-params';
import { contactProvider } from './inquiries.service';

/** Each message e-mails a provider: a member may send a few a minute, not a flood. */
export const INQUIRIES_PER_MINUTE = 5;

export const inquiriesRoutes: RoutesPlugin = (fastify, deps) => {
  const app = typed(fastify);
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  const limited = {
    rateLimit: {
      max: INQUIRIES_PER_MINUTE,
      timeWindow: '1 minute',
      // Counted once the input is valid: the limit protects providers' inboxes, and a rejected form sends nothing.
      hook: 'preHandler' as const,
      // Counted per member (the hook above guarantees one), so colleagues behind one office address do not share a quota.
      keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
    },
  };

  app.post(
    '/api/services/:id/contact',
    {
      schema: {
        tags: ['Members'],
        summary: "Send a message to a service's provider (e-mailed to them)",
        ...signedIn,
        params: listingIdParams,
        body: inquirySchema,
        response: { 201: sentInquiryJson, ...errors(400, 401, 403, 404, 429) },
      },
      config: limited,
    },
    async (request, reply) => reply.status(201).send(await contactProvider(deps, requireUser(request), request.params.id, request.body)),
  );

  // Tools are software with a website of their own; only service providers take messages here.
  const toolContact = { tags: ['Members'], summary: 'Always 400: tools have no contact form', ...signedIn, response: { 400: errorJson, ...errors(401) } };
  app.post('/api/tools/:id/contact', { schema: toolContact }, async () => {
    throw AppError.badRequest('Tools have no contact form: only service providers can be contacted.');
  });
};
