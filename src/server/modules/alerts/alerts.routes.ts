import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  alertSettingsSchema,
  favouriteAlertJson,
  savedSearchCreateSchema,
  savedSearchIdParams,
  savedSearchJson,
  savedSearchUpdateSchema,
  unsubscribeQuerySchema,
} from '../../../shared/schemas/alerts';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, noContent, signedIn } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth';
import { scheduleAlerts } from './alert-jobs';
import * as alerts from './alerts.service';
import { acceptOneClickUnsubscribe } from '../../lib/one-click-unsubscribe';

const unsubscribedPage = (what: 'search' | 'favourites') =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Unsubscribed</title><main style="font-family:Arial,Helvetica,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>Unsubscribed</h1><p>${
    what === 'search' ? 'You will no longer receive e-mails for this saved search.' : 'You will no longer receive e-mails about changes to your favourites.'
  } You can turn them back on in your dashboard, under Alerts.</p><p><a href="/dashboard?tab=alerts">Open your dashboard</a></p></main></html>`;

/** Saved searches and their digests, favourites' alerts, and the alert mails' one-click unsubscribe. */
export const alertsRoutes: RoutesPlugin = (fastify, { db, config, mailer }) => {
  const app = typed(fastify);
  scheduleAlerts(fastify, { db, config, mailer });

  const member = { tags: ['Alerts'], ...signedIn };
  // A member's own data: signed-out requests get 401 before their input is even read.
  const onRequest = async (request: FastifyRequest) => {
    requireUser(request);
  };
  app.get('/api/saved-searches', { onRequest, schema: { ...member, summary: "The member's saved searches, newest first", response: { 200: z.array(savedSearchJson), ...errors(401) } } }, async (request) =>
    alerts.listSavedSearches(db, requireUser(request)),
  );
  app.post(
    '/api/saved-searches',
    { onRequest, schema: { ...member, summary: 'Save a list, search or category address with its filters, for a daily or weekly digest of new matches', body: savedSearchCreateSchema, response: { 201: savedSearchJson, ...errors(400, 401, 409) } } },
    async (request, reply) => reply.code(201).send(await alerts.createSavedSearch(db, requireUser(request), request.body)),
  );
  app.patch(
    '/api/saved-searches/:id',
    { onRequest, schema: { ...member, summary: 'Rename a saved search or change how often it is mailed (which turns its e-mail back on)', params: savedSearchIdParams, body: savedSearchUpdateSchema, response: { 200: savedSearchJson, ...errors(400, 401, 404) } } },
    async (request) => alerts.updateSavedSearch(db, requireUser(request), request.params.id, request.body),
  );
  app.delete(
    '/api/saved-searches/:id',
    { onRequest, schema: { ...member, summary: 'Delete a saved search', params: savedSearchIdParams, response: { 204: noContent, ...errors(400, 401, 404) } } },
    async (request, reply) => {
      await alerts.deleteSavedSearch(db, requireUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get('/api/alerts/favourites', { onRequest, schema: { ...member, summary: "Changes of the member's favourites (partner terms, price, taken down), newest first", response: { 200: z.array(favouriteAlertJson), ...errors(401) } } }, async (request) =>
    alerts.favouriteAlerts(db, requireUser(request)),
  );
  app.get('/api/alerts/settings', { onRequest, schema: { ...member, summary: "How the member is e-mailed their favourites' changes", response: { 200: alertSettingsSchema, ...errors(401) } } }, async (request) =>
    alerts.alertSettings(db, requireUser(request)),
  );
  app.put(
    '/api/alerts/settings',
    { onRequest, schema: { ...member, summary: "Choose how favourites' changes are e-mailed: at once, in a daily digest, or not", body: alertSettingsSchema, response: { 200: alertSettingsSchema, ...errors(400, 401) } } },
    async (request) => alerts.saveAlertSettings(db, requireUser(request), request.body),
  );

  // The mail's link (GET) and mail clients' one-click unsubscribe (POST, RFC 8058): no sign-in, a signed list and member.
  acceptOneClickUnsubscribe(fastify);
  for (const method of ['get', 'post'] as const) {
    const schema = { tags: ['Alerts'], summary: 'Stop an alert e-mail, from the signed link in it', querystring: unsubscribeQuerySchema, response: { 200: z.string().describe('A short HTML page'), ...errors(400) } };
    app[method]('/api/alerts/unsubscribe', { schema }, async (request, reply) => {
      const what = await alerts.unsubscribe(db, config, request.query.list, request.query.user, request.query.sig);
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(unsubscribedPage(what));
    });
  }
};
