import { z } from 'zod';
import { rejectListingSchema } from '../../../shared/schemas/admin-user';
import { partnerProgrammeSchema, programmeVerificationSchema } from '../../../shared/schemas/partner-programme';
import { adminProgrammeJson, listingProgrammeJson, programmeChangeJson } from '../../../shared/schemas/partner-programme-json';
import type { ListingType } from '../../../shared/types';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, signedIn } from '../../lib/route-docs';
import { adminOf, adminScope } from '../../plugins/admin-scope';
import { requireUser } from '../../plugins/auth';
import { listingIdParams } from '../listings/listing-params';
import { decideProgramme } from '../admin/admin-moderation.service';
import * as service from './partner-programmes.service';

const adminListQuery = z.object({
  filter: z.enum(['all', 'unverified', 'stale', 'verified', 'proposed'], { error: 'filter must be all, unverified, stale, verified or proposed' }).default('all'),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(1_000_000).default(0),
});

/** A listing's partner programme: read by anyone who may see the listing, written by its owner and administrators. */
export const partnerProgrammesRoutes: RoutesPlugin = async (fastify, deps) => {
  const { db } = deps;
  const app = typed(fastify);
  const tags = ['Partner programmes'];

  for (const type of ['services', 'tools'] as const satisfies ListingType[]) {
    const path = `/api/${type}/:id/partner-programme`;
    const read = { tags, summary: "A listing's partner programme; the numbers only for those its visibility allows", params: listingIdParams };
    app.get(path, { schema: { ...read, response: { 200: listingProgrammeJson, ...errors(400, 404) } } }, async (request) =>
      service.readListingProgramme(db, request.user, type, request.params.id),
    );

    const write = { tags, ...signedIn, params: listingIdParams };
    const put = { ...write, summary: 'Set the partner programme of your listing (a change on a live listing waits for approval); administrators: of any listing', body: partnerProgrammeSchema };
    app.put(path, { schema: { ...put, response: { 200: listingProgrammeJson, ...errors(400, 401, 403, 404) } } }, async (request) =>
      service.setListingProgramme(db, requireUser(request), type, request.params.id, request.body),
    );

    const remove = { ...write, summary: 'Remove the partner programme of your listing (on a live listing, once approved); administrators: of any listing' };
    app.delete(path, { schema: { ...remove, response: { 200: listingProgrammeJson, ...errors(400, 401, 403, 404) } } }, async (request) =>
      service.setListingProgramme(db, requireUser(request), type, request.params.id, null),
    );
  }

  await adminScope(fastify, (scope) => {
    const admin = typed(scope);
    admin.get('/api/admin/partner-programmes', { schema: { summary: 'Partner programmes, unverified first, then the oldest verifications (X-Total-Count: all matches)', querystring: adminListQuery, response: { 200: z.array(adminProgrammeJson), ...errors(400) } } }, async (request, reply) => {
      const { items, total } = await service.adminProgrammes(db, request.query.filter, request.query.limit, request.query.offset);
      return reply.header('x-total-count', String(total)).send(items);
    });

    for (const type of ['services', 'tools'] as const satisfies ListingType[]) {
      const base = `/api/admin/${type}/:id/partner-programme`;
      const params = listingIdParams;
      // The programme alone; the dashboard decides through the listing's Approve / Reject, which settles both (docs/decisions/partner-programmes.md).
      admin.post(`${base}/approve`, { schema: { summary: "Apply the provider's proposed partner programme change alone (POST /api/admin/{type}/{id}/approve decides it with any listing edit)", params, response: { 200: listingProgrammeJson, ...errors(400, 404, 409) } } }, async (request) =>
        decideProgramme(deps, adminOf(request), type, request.params.id, 'approved', null),
      );
      admin.post(`${base}/reject`, { schema: { summary: "Turn down the provider's proposed partner programme change alone, with an optional reason (POST /api/admin/{type}/{id}/reject decides it with any listing edit)", params, body: rejectListingSchema, response: { 200: listingProgrammeJson, ...errors(400, 404, 409) } } }, async (request) =>
        decideProgramme(deps, adminOf(request), type, request.params.id, 'rejected', request.body),
      );
      admin.post(`${base}/verify`, { schema: { summary: 'Record that the live terms were checked: the day and the source', params, body: programmeVerificationSchema, response: { 200: listingProgrammeJson, ...errors(400, 404) } } }, async (request) =>
        service.verifyProgramme(db, adminOf(request), type, request.params.id, request.body),
      );
      admin.get(`${base}/changes`, { schema: { summary: 'Every applied change of the terms, newest first: old and new values', params, response: { 200: z.array(programmeChangeJson), ...errors(400, 404) } } }, async (request) =>
        service.programmeChanges(db, type, request.params.id),
      );
    }
  });
};
