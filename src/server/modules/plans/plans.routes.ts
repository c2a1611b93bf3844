import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { adminPlanJson, billingSettingsJson, billingSettingsSchema, featuredSlotsJson, fillFeaturedSlotSchema, manualPaymentSchema, planInputSchema, planJson, providerPlanJson } from '../../../shared/schemas/plan';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, noContent, signedIn } from '../../lib/route-docs';
import { adminOf, adminScope } from '../../plugins/admin-scope';
import { requireUser } from '../../plugins/auth';
import { cacheTables, sendCachedJson } from '../../plugins/read-cache';
import * as slots from './featured-slots.service';
import type { LifecycleDeps } from './plan-lifecycle';
import { listPlans } from './plans.queries';
import * as service from './plans.service';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

const idParams = z.object({ id: z.coerce.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(2_147_483_647, 'Invalid id') });
const providerParams = z.object({ id: z.string().min(1).max(100) });
const slotParams = z.object({ listingId: fillFeaturedSlotSchema.shape.listingId });
const paymentJson = z.object({ change: z.enum(['started', 'renewed', 'payment_failed', 'ending', 'ended']), providerId: z.string() });

const SWEEP_EVERY_MS = 5 * 60_000;

/** Ends and marks past due what the clock has moved on, at start-up and every five minutes, on every server (the rows are locked one server at a time). */
function schedulePlanSweep(app: FastifyInstance, db: Database, deps: LifecycleDeps) {
  let timer: NodeJS.Timeout | undefined;
  const attempt = async () => {
    try {
      await service.sweepPlans(db, deps);
    } catch (err) {
      app.log.warn({ err }, 'could not sweep the providers\' plans');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void attempt(), SWEEP_EVERY_MS);
    timer.unref();
    void attempt();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Plans: the public pricing list, the provider's plan tab, and the administrators' plans, billing settings and recorded payments. */
export const plansRoutes: RoutesPlugin = async (fastify, appDeps) => {
  const { db, config, mailer, cache } = appDeps;
  const app = typed(fastify);
  await stripeWebhookRoutes(fastify, appDeps);
  const deps: LifecycleDeps = { mailer, config };
  schedulePlanSweep(fastify, db, deps);

  app.get('/api/plans', { schema: { tags: ['Plans'], summary: 'The plans providers can be on, as the pricing page shows them', response: { 200: z.array(planJson) } } }, async (request, reply) =>
    sendCachedJson(request, reply, cache, 'plans', [cacheTables.plans], async () => (await listPlans(db)).map(service.toPlanJson)),
  );

  const own = { tags: ['Providers'], ...signedIn };
  app.get('/api/provider/plan', { schema: { ...own, summary: 'Your plan: what it grants, its dates, your usage, and the plans you can move to', response: { 200: providerPlanJson, ...errors(401) } } }, async (request) =>
    service.providerPlanView(db, config, requireUser(request)),
  );
  app.post('/api/provider/plan/cancel', { schema: { ...own, summary: 'Cancel your plan (paid by invoice) at the end of its period', response: { 200: providerPlanJson, ...errors(401, 409) } } }, async (request) => {
    const user = requireUser(request);
    await service.cancelOwnPlan(db, deps, user);
    return service.providerPlanView(db, config, user);
  });

  app.get('/api/provider/featured-slots', { schema: { ...own, summary: 'Your featured slots: how many your plan grants, and the listings that fill them', response: { 200: featuredSlotsJson, ...errors(401) } } }, async (request) =>
    slots.featuredSlotsView(db, requireUser(request).id),
  );
  app.post('/api/provider/featured-slots', { schema: { ...own, summary: 'Feature one of your live listings in a free slot of your plan', body: fillFeaturedSlotSchema, response: { 201: featuredSlotsJson, ...errors(400, 401, 403, 404, 409) } } }, async (request, reply) => {
    const user = requireUser(request);
    await slots.fillSlot(db, user, request.body.listingId);
    return reply.status(201).send(await slots.featuredSlotsView(db, user.id));
  });
  app.delete('/api/provider/featured-slots/:listingId', { schema: { ...own, summary: 'Stop featuring a listing: its slot is free again', params: slotParams, response: { 200: featuredSlotsJson, ...errors(400, 401, 404) } } }, async (request) => {
    const user = requireUser(request);
    await slots.freeSlot(db, user, request.params.listingId);
    return slots.featuredSlotsView(db, user.id);
  });

  await adminScope(fastify, (scope) => {
    const admin = typed(scope);
    admin.get('/api/admin/plans', { schema: { summary: 'Every plan, with its Stripe links and how many providers are on it', response: { 200: z.array(adminPlanJson) } } }, async () => service.adminPlans(db));
    admin.post('/api/admin/plans', { schema: { summary: 'Define a plan', body: planInputSchema, response: { 201: adminPlanJson, ...errors(400, 409) } } }, async (request, reply) =>
      reply.status(201).send(await service.createPlan(db, adminOf(request), request.body)),
    );
    admin.put('/api/admin/plans/:id', { schema: { summary: 'Change a plan (its grants apply to its providers at once)', params: idParams, body: planInputSchema, response: { 200: adminPlanJson, ...errors(400, 404, 409) } } }, async (request) =>
      service.editPlan(db, adminOf(request), request.params.id, request.body),
    );
    admin.delete('/api/admin/plans/:id', { schema: { summary: 'Delete a plan nobody has been on', params: idParams, response: { 204: noContent, ...errors(400, 404, 409) } } }, async (request, reply) => {
      await service.removePlan(db, adminOf(request), request.params.id);
      return reply.status(204).send();
    });
    admin.get('/api/admin/billing', { schema: { summary: 'Billing settings: the customer portal link, the grace period, the mode and the webhook address', response: { 200: billingSettingsJson } } }, async () => service.billingSettingsView(db, config));
    admin.put('/api/admin/billing', { schema: { summary: 'Save the billing settings', body: billingSettingsSchema, response: { 200: billingSettingsJson, ...errors(400) } } }, async (request) =>
      service.saveBilling(db, config, adminOf(request), request.body),
    );
    admin.post('/api/admin/plan-payments', { schema: { summary: 'Record a payment received by hand and the period it pays for: the provider\'s plan starts or renews', body: manualPaymentSchema, response: { 201: paymentJson, ...errors(400) } } }, async (request, reply) =>
      reply.status(201).send(await service.recordManualPayment(db, deps, adminOf(request), request.body)),
    );
    admin.post('/api/admin/providers/:id/plan/end', { schema: { summary: 'End a provider\'s paid plan now', params: providerParams, response: { 204: noContent, ...errors(400, 409) } } }, async (request, reply) => {
      await service.endPlanNow(db, deps, adminOf(request), request.params.id);
      return reply.status(204).send();
    });
  });
};
