import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  applicationListQuerySchema,
  applicationMessageSchema,
  approveApplicationSchema,
  declineApplicationSchema,
  partnerApplicationJson,
  partnerApplicationSchema,
  withdrawApplicationSchema,
} from '../../../shared/schemas/partner-application';
import type { ListingType } from '../../../shared/types';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, signedIn } from '../../lib/route-docs';
import { adminScope } from '../../plugins/admin-scope';
import { requireUser } from '../../plugins/auth';
import { listingIdParams } from '../listings/listing-params';
import * as service from './partner-applications.service';

/** Each application e-mails a provider: a member may send a few an hour, not a flood. */
export const APPLICATIONS_PER_HOUR = 10;

const applicationParams = z.object({
  id: z.coerce.number({ error: 'Invalid application id' }).int('Invalid application id').positive('Invalid application id').max(2_147_483_647, 'Invalid application id'),
});

/** Partner applications (docs/decisions/partner-applications.md): every route needs a signed-in member. */
export const partnerApplicationsRoutes: RoutesPlugin = async (fastify, deps) => {
  const { db } = deps;
  const app = typed(fastify);
  const tags = ['Partner applications'];
  // 401 before anything else, even before the input is read: nothing here is for visitors.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });
  const one = { 200: partnerApplicationJson, ...errors(400, 401, 403, 404, 409) };

  const limited = {
    rateLimit: {
      max: APPLICATIONS_PER_HOUR,
      timeWindow: '1 hour',
      // Counted once the input is valid, per member (colleagues behind one address do not share a quota).
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
    },
  };

  for (const type of ['services', 'tools'] as const satisfies ListingType[]) {
    app.post(
      `/api/${type}/:id/partner-applications`,
      {
        schema: {
          tags,
          summary: "Apply to the listing's partner programme (a programme that joins instantly approves at once)",
          ...signedIn,
          params: listingIdParams,
          body: partnerApplicationSchema,
          response: { 201: partnerApplicationJson, ...errors(400, 401, 403, 404, 409, 429) },
        },
        config: limited,
      },
      async (request, reply) => reply.status(201).send(await service.apply(deps, requireUser(request), type, request.params.id, request.body)),
    );
  }

  app.get('/api/partner-applications/mine', { schema: { tags, summary: 'Your partner applications, latest change first', ...signedIn, querystring: applicationListQuerySchema, response: { 200: z.array(partnerApplicationJson), ...errors(400, 401) } } }, async (request) =>
    service.myApplications(db, requireUser(request), request.query.status),
  );
  app.get('/api/provider/partner-applications', { schema: { tags, summary: "Applications to your listings' partner programmes, latest change first", ...signedIn, querystring: applicationListQuerySchema, response: { 200: z.array(partnerApplicationJson), ...errors(400, 401) } } }, async (request) =>
    service.providerApplications(db, requireUser(request), request.query.status),
  );
  app.get('/api/partner-applications/:id', { schema: { tags, summary: 'One application and its thread: for the member who applied, the provider and administrators', ...signedIn, params: applicationParams, response: { 200: partnerApplicationJson, ...errors(400, 401, 404) } } }, async (request) =>
    service.readApplication(db, requireUser(request), request.params.id),
  );

  const base = '/api/partner-applications/:id';
  const write = { tags, ...signedIn, params: applicationParams, response: one };
  app.post(`${base}/approve`, { schema: { ...write, summary: "Approve (the listing's provider or an administrator); the member then sees the programme's terms on request", body: approveApplicationSchema } }, async (request) =>
    service.decide(deps, requireUser(request), request.params.id, { kind: 'approve', ...request.body }),
  );
  app.post(`${base}/decline`, { schema: { ...write, summary: 'Decline with a reason, a note and the days before the member may apply again (provider or administrator)', body: declineApplicationSchema } }, async (request) =>
    service.decide(deps, requireUser(request), request.params.id, { kind: 'decline', ...request.body }),
  );
  app.post(`${base}/request-info`, { schema: { ...write, summary: 'Ask the member for more information (provider or administrator)', body: applicationMessageSchema } }, async (request) =>
    service.decide(deps, requireUser(request), request.params.id, { kind: 'request_info', message: request.body.message }),
  );
  app.post(`${base}/answer`, { schema: { ...write, summary: "Answer the provider's question (the member who applied)", body: applicationMessageSchema } }, async (request) =>
    service.decide(deps, requireUser(request), request.params.id, { kind: 'answer', message: request.body.message }),
  );
  app.post(`${base}/withdraw`, { schema: { ...write, summary: 'Withdraw the application or the partnership (the member, the provider or an administrator)', body: withdrawApplicationSchema } }, async (request) =>
    service.decide(deps, requireUser(request), request.params.id, { kind: 'withdraw', ...request.body }),
  );

  await adminScope(fastify, (scope) => {
    typed(scope).get('/api/admin/partner-applications', { schema: { tags, summary: 'Every partner application, latest change first', querystring: applicationListQuerySchema, response: { 200: z.array(partnerApplicationJson), ...errors(400) } } }, async (request) =>
      service.adminApplications(db, request.query.status),
    );
  });
};
