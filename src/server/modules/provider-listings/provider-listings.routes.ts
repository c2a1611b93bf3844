import { z } from 'zod';
import { listingSchemaFor } from '../../../shared/schemas/listing';
import type { ListingType } from '../../../shared/types';
import { leadJson, listingJson as listingAnswer, providerStatsJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, noContent, signedIn } from '../../lib/route-docs';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/auth';
import { requestScreenshot, scheduleScreenshotResume, stopScreenshots } from '../screenshots/screenshots.service';
import { providerStats } from './provider-stats.queries';
import { listLeads, setLeadRead } from './provider-leads.queries';
import { toOwnListingJson } from './own-listing-json';
import { findListingWithRelations } from './provider-listings.queries';
import { createListing, deleteOwnListing, listOwnListings, updateListing } from './provider-listings.service';

const idParams = z.object({
  id: z.coerce.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(2_147_483_647, 'Invalid id'),
});

const page = {
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(1_000_000).default(0),
};

const ownListingsQuery = z.object({
  status: z.enum(['approved', 'pending', 'rejected'], { error: 'status must be approved, pending or rejected' }).optional(),
  type: z.enum(['tools', 'services'], { error: 'type must be tools or services' }).optional(),
  ...page,
});

const leadUpdateSchema = z.object({ read: z.boolean({ error: 'read must be true or false' }) });

/** Listing submission and editing, and everything under /api/provider: the provider's own listings, stats and leads. */
export const providerListingsRoutes: RoutesPlugin = (fastify, { db, config }) => {
  const app = typed(fastify);
  const screenshotDeps = { db, config, log: fastify.log };
  const screenshots = (job: Parameters<typeof requestScreenshot>[1]) => requestScreenshot(screenshotDeps, job);
  scheduleScreenshotResume(fastify, screenshotDeps);
  fastify.addHook('onClose', async () => stopScreenshots(db));

  const listingJson = async (id: number, viewer: { id: string; isAdmin: boolean }) =>
    toOwnListingJson(await findListingWithRelations(db, id), viewer);

  const provider = { tags: ['Providers'], ...signedIn };
  for (const type of ['services', 'tools'] as const satisfies ListingType[]) {
    const body = listingSchemaFor(type);

    const create = { ...provider, summary: `Submit one of your ${type} for approval (providers and administrators)`, body };
    app.post(`/api/${type}`, { schema: { ...create, response: { 201: listingAnswer, ...errors(400, 401, 403, 409) } } }, async (request, reply) => {
      const user = requireUser(request);
      const listing = await createListing(db, user, type, request.body, screenshots);
      return reply.status(201).send(await listingJson(listing.id, user));
    });

    const edit = { ...provider, summary: 'Edit your listing (an edit of a live listing waits for approval)', params: idParams, body };
    app.patch(`/api/${type}/:id`, { schema: { ...edit, response: { 200: listingAnswer, ...errors(400, 401, 403, 404, 409) } } }, async (request) => {
      const user = requireUser(request);
      const listing = await updateListing(db, user, type, request.params.id, request.body, screenshots);
      return listingJson(listing.id, user);
    });

    const remove = { ...provider, summary: 'Delete your listing', params: idParams };
    app.delete(`/api/provider/${type}/:id`, { schema: { ...remove, response: { 204: noContent, ...errors(400, 401, 403, 404) } } }, async (request, reply) => {
      await deleteOwnListing(db, requireUser(request), type, request.params.id);
      return reply.status(204).send();
    });
  }

  // "services" in the path for the spec's sake: it answers the provider's listings of both types.
  const own = { ...provider, summary: 'Your listings of both types, any status (X-Total-Count: all)', querystring: ownListingsQuery };
  app.get('/api/provider/services', { schema: { ...own, response: { 200: z.array(listingAnswer), ...errors(400, 401) } } }, async (request, reply) => {
    const user = requireUser(request);
    const { rows, total } = await listOwnListings(db, user, request.query);
    return reply.header('x-total-count', String(total)).send(rows.map((row) => toOwnListingJson(row, user)));
  });

  app.get('/api/provider/stats', { schema: { ...provider, summary: 'What your listings are doing', response: { 200: providerStatsJson, ...errors(401) } } }, async (request) => providerStats(db, requireUser(request).id));

  const leads = { ...provider, summary: 'Messages members sent about your services, newest first (X-Total-Count: all)', querystring: z.object(page) };
  app.get('/api/provider/leads', { schema: { ...leads, response: { 200: z.array(leadJson), ...errors(400, 401) } } }, async (request, reply) => {
    const user = requireUser(request);
    const { leads, total } = await listLeads(db, user.id, request.query);
    return reply.header('x-total-count', String(total)).send(leads);
  });

  const mark = { ...provider, summary: 'Mark a lead read or unread', params: idParams, body: leadUpdateSchema };
  app.patch('/api/provider/leads/:id', { schema: { ...mark, response: { 200: leadJson, ...errors(400, 401, 404) } } }, async (request) => {
    const user = requireUser(request);
    const lead = await setLeadRead(db, user.id, request.params.id, request.body.read);
    if (!lead) throw AppError.notFound('Lead not found');
    return lead;
  });
};
