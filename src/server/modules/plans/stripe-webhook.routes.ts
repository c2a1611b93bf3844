import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type AppDeps, typed } from '../../deps';
import { AppError } from '../../lib/app-error';
import { errors } from '../../lib/route-docs';
import { receiveStripeEvent } from './stripe-events.service';

export const STRIPE_WEBHOOK_ROUTE = 'POST /api/billing/stripe/webhook';

const stripeEventBody = z
  .looseObject({ id: z.string(), type: z.string(), created: z.number(), data: z.looseObject({ object: z.looseObject({}) }) })
  .describe('A Stripe event, exactly as Stripe sent it (the signature covers these bytes)');
const receivedJson = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'waiting', 'refused', 'ignored']).describe('applied; duplicate (already applied); waiting (for its checkout); refused (a reference that does not verify or names another provider); ignored (not news)'),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it arrived, for the Stripe signature check. */
    rawBody?: string;
  }
}

/**
 * Stripe's webhook. Its own scope, so that only this route keeps the raw body (the signature is
 * over the bytes, not a re-serialised object); it is exempt from the cross-origin refusal
 * (plugins/cross-origin.ts), since Stripe is another site and its signature is its proof.
 */
export async function stripeWebhookRoutes(fastify: FastifyInstance, { db, config, mailer }: AppDeps) {
  await fastify.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (request, body, done) => {
      const raw = String(body);
      request.rawBody = raw;
      try {
        done(null, JSON.parse(raw));
      } catch {
        done(AppError.badRequest('The body is not JSON.'), undefined);
      }
    });
    const app = typed(scope);
    const schema = {
      tags: ['Billing'],
      summary: "Stripe's events about checkouts, subscriptions and invoices (signed with STRIPE_WEBHOOK_SECRET)",
      description: 'Called by Stripe, not by browsers: checked by the Stripe-Signature header, not a session. A bad signature answers 400 and changes nothing.',
      headers: z.looseObject({ 'stripe-signature': z.string().max(2000).optional() }),
      body: stripeEventBody,
      response: { 200: receivedJson, ...errors(400, 415) },
    };
    app.post('/api/billing/stripe/webhook', { schema }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const outcome = await receiveStripeEvent(db, { mailer, config, log: request.log }, request.rawBody ?? '', typeof signature === 'string' ? signature : undefined);
      return { received: true as const, outcome };
    });
  });
}
