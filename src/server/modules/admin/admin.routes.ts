import { z } from 'zod';
import {
  adminFlagSchema,
  adminListingsQuerySchema,
  type AdminUser,
  adminUserCreateSchema,
  featuredSchema,
  providerFlagSchema,
  rejectListingSchema,
} from '../../../shared/schemas/admin-user';
import {
  adminOverviewJson,
  adminUserJson,
  invitedUserJson,
  listingJson,
  statusCountsJson,
  userJson,
} from '../../../shared/schemas/responses';
import type { ListingType } from '../../../shared/types';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, noContent } from '../../lib/route-docs';
import { toListingJson } from '../listings/listing-json';
import { adminOf, adminScope } from '../../plugins/admin-scope';
import { proposalsForReview, termsForReview } from '../partner-programmes/partner-programmes.service';
import { countByStatus, listAwaitingReview, searchListings } from './admin-listings.queries';
import { approve, deleteListing, feature, reject } from './admin-moderation.service';
import { overview } from './admin-overview.service';
import { searchUsers } from './admin-users.queries';
import { createUser, deleteUser, setAdmin, setProvider } from './admin-users.service';

const userParams = z.object({ userId: z.string().min(1).max(100) });
const listingParams = z.object({
  id: z.coerce.number({ message: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(2147483647, 'Invalid id'),
});
const page = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
const countsQuery = adminListingsQuerySchema.pick({ type: true, search: true });
const usersQuery = page.extend({
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  // The provider picker: only the accounts a listing may belong to.
  canOwnListings: z
    .enum(['true', 'false'], { message: 'canOwnListings must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** SPEC.md section 7's /api/admin calls, plus the overview, listing search and featured flag. */
export const adminRoutes: RoutesPlugin = (fastify, deps) =>
  adminScope(fastify, (scope) => {
    const app = typed(scope);
    const { db } = deps;

    app.get('/api/admin/overview', { schema: { summary: 'Listing counts by type and status, the number of users and of reported reviews awaiting a decision', response: { 200: adminOverviewJson } } }, async () =>
      overview(db),
    );

    app.get('/api/admin/users', { schema: { summary: 'Search users (X-Total-Count: all matches)', querystring: usersQuery, response: { 200: z.array(adminUserJson), ...errors(400) } } }, async (request, reply) => {
      const { rows, total } = await searchUsers(db, request.query);
      reply.header('x-total-count', String(total));
      return rows.map((row): AdminUser => ({ ...row, createdAt: row.createdAt.toISOString() }));
    });
    app.post('/api/admin/users', { schema: { summary: 'Create a user, with a password or an invitation link', body: adminUserCreateSchema, response: { 201: invitedUserJson, ...errors(400, 409) } } }, async (request, reply) =>
      reply.status(201).send(await createUser(deps, adminOf(request), request.body)),
    );
    app.put('/api/admin/users/:userId/admin', { schema: { summary: 'Grant or remove administrator rights', params: userParams, body: adminFlagSchema, response: { 200: userJson, ...errors(400, 404) } } }, async (request) =>
      setAdmin(db, adminOf(request), request.params.userId, request.body.isAdmin),
    );
    app.put('/api/admin/users/:userId/provider', { schema: { summary: 'Grant or remove provider rights', params: userParams, body: providerFlagSchema, response: { 200: userJson, ...errors(400, 404) } } }, async (request) =>
      setProvider(db, adminOf(request), request.params.userId, request.body.isProvider),
    );
    app.delete('/api/admin/users/:userId', { schema: { summary: 'Delete a user and what they own', params: userParams, response: { 204: noContent, ...errors(400, 404) } } }, async (request, reply) => {
      await deleteUser(db, adminOf(request), request.params.userId);
      return reply.status(204).send();
    });

    app.get('/api/admin/listings', { schema: { summary: 'Search listings of one type and status (X-Total-Count: all matches)', querystring: adminListingsQuerySchema, response: { 200: z.array(listingJson), ...errors(400) } } }, async (request, reply) => {
      const { rows, total } = await searchListings(db, request.query);
      reply.header('x-total-count', String(total));
      return rows.map((row) => toListingJson(row, adminOf(request)));
    });
    app.get('/api/admin/listings/counts', { schema: { summary: 'Listings of one type per status', querystring: countsQuery, response: { 200: statusCountsJson, ...errors(400) } } }, async (request) =>
      countByStatus(db, request.query.type, request.query.search),
    );

    for (const type of ['services', 'tools'] as const satisfies ListingType[]) {
      app.get(`/api/admin/${type}/pending`, { schema: { summary: `${type} awaiting review, oldest first, with any proposed edit and proposed partner programme change`, querystring: page, response: { 200: z.array(listingJson), ...errors(400) } } }, async (request, reply) => {
        const { rows, total } = await listAwaitingReview(db, type, request.query.limit, request.query.offset);
        const ids = rows.map((row) => row.listing.id);
        const [programmes, terms] = await Promise.all([proposalsForReview(db, ids), termsForReview(db, ids)]);
        reply.header('x-total-count', String(total));
        // The proposed edit and programme change themselves, so the administrator can see what would change before deciding.
        return rows.map((row) => ({
          ...toListingJson(row, adminOf(request)),
          pendingChanges: row.listing.pendingChanges,
          programmeProposal: programmes.get(row.listing.id) ?? null,
          programme: terms.get(row.listing.id) ?? null,
        }));
      });
      app.post(`/api/admin/${type}/:id/approve`, { schema: { summary: 'Approve a listing, its proposed edit and its proposed partner programme change, whichever wait', params: listingParams, response: { 200: listingJson, ...errors(400, 404, 409) } } }, async (request) =>
        approve(deps, adminOf(request), type, request.params.id),
      );
      app.post(`/api/admin/${type}/:id/reject`, { schema: { summary: 'Reject a listing, its proposed edit and its proposed partner programme change, whichever wait, with an optional reason', params: listingParams, body: rejectListingSchema, response: { 200: listingJson, ...errors(400, 404, 409) } } }, async (request) =>
        reject(deps, adminOf(request), type, request.params.id, request.body),
      );
      app.patch(`/api/admin/${type}/:id/featured`, { schema: { summary: 'Feature a listing or stop featuring it', params: listingParams, body: featuredSchema, response: { 200: listingJson, ...errors(400, 404) } } }, async (request) =>
        feature(db, adminOf(request), type, request.params.id, request.body.isFeatured),
      );
      app.delete(`/api/admin/${type}/:id`, { schema: { summary: 'Delete a listing with its reviews and images', params: listingParams, response: { 204: noContent, ...errors(400, 404) } } }, async (request, reply) => {
        await deleteListing(db, adminOf(request), type, request.params.id);
        return reply.status(204).send();
      });
    }
  });
