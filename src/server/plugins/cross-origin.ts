import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorJson } from '../../shared/schemas/responses';
import { AppError } from '../lib/app-error';

/**
 * Write routes that must take requests from other sites, as "METHOD /pattern" (Fastify's
 * pattern, ":id" for a parameter). Each must prove itself another way, since it has no session
 * cookie worth protecting: Stripe's webhook checks Stripe's signature over the raw body
 * (modules/plans/stripe-webhook.routes.ts) and changes nothing without it.
 */
export const CROSS_ORIGIN_EXEMPT: readonly string[] = ['POST /api/billing/stripe/webhook'];

export const CROSS_ORIGIN_REFUSAL = 'This request came from another website, so it was refused. Open the page on this site and try again.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses every state-changing request a page of another origin made a browser send, whatever
 * its body or content type: SameSite=Lax cookies still travel from a sibling subdomain, and a
 * form or a no-body fetch needs no CORS preflight. The algorithm is Go 1.25 net/http's
 * CrossOriginProtection:
 *
 * 1. GET, HEAD and OPTIONS pass (they change nothing here).
 * 2. Sec-Fetch-Site, which every browser since 2023 sends and no page can forge: `same-origin`
 *    and `none` (the person typed the address) pass; `same-site` and `cross-site` are refused.
 * 3. Without it (an older browser), the Origin header: absent means no browser page asked
 *    (curl, a script, app.inject), so it passes; otherwise it must be the site's own origin
 *    (SITE_URL) or name the host the request came to (Host, or X-Forwarded-Host when TRUST_PROXY
 *    trusts the proxy). As in Go, the scheme of the Host is not known, so http and https of one
 *    host pass alike; HSTS keeps browsers on https.
 *
 * Routes in the exemption list skip the check. It runs before the session is read, so a refused
 * request costs no query and changes nothing.
 */
export function registerCrossOriginProtection(app: FastifyInstance, { siteUrl, exempt = CROSS_ORIGIN_EXEMPT }: { siteUrl: string; exempt?: readonly string[] }) {
  const siteOrigin = new URL(siteUrl).origin;
  const exempted = new Set(exempt);
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || isSameOrigin(request, siteOrigin)) return done();
    if (exempted.has(`${request.method} ${request.routeOptions.url}`)) return done();
    done(AppError.forbidden(CROSS_ORIGIN_REFUSAL));
  });
  // Every write route can answer so: the API document says it.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/') || methods.every((method) => SAFE_METHODS.has(method))) return;
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    if (!('403' in response)) {
      route.schema = { ...route.schema, response: { ...response, 403: errorJson.describe('Signed in, but not allowed to do this; or sent from another website') } };
    }
  });
}

function isSameOrigin(request: FastifyRequest, siteOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === siteOrigin) return true;
  try {
    const parsed = new URL(origin);
    // The request's host read as the Origin's scheme would, so that a default port compares equal.
    return parsed.host === new URL(`${parsed.protocol}//${request.host}`).host;
  } catch {
    // "null" (a sandboxed frame, a file) or anything unparsable is no origin of ours.
    return false;
  }
}
