import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { claimAnswerJson, claimByEmailSchema, claimConfirmSchema, claimEvidenceSchema, claimIdParams, claimRejectionSchema, listingClaimJson } from '../../../shared/schemas/listing-claim';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, signedIn } from '../../lib/route-docs';
import { adminOf, adminScope } from '../../plugins/admin-scope';
import { requireUser } from '../../plugins/auth';
import { namedLimit } from '../../plugins/rate-limit';
import { listingIdParams } from '../favorites/listing-id-params';
import { approveClaim, claimsQueue, confirmClaimLink, rejectClaim, requestClaimLink, submitEvidenceClaim } from './listing-claims.service';

/** Claim links and evidence claims one member may ask for in an hour: enough for a typo or two, not a sweep of the catalogue. */
export const CLAIMS_PER_HOUR = 5;
/** Links one company mailbox may be sent in an hour, whoever asks. */
export const CLAIM_MAILS_PER_HOUR = 3;
/** Attempts at opening claim links per member and minute. */
export const CLAIM_CONFIRMS_PER_MINUTE = 10;

const confirmedJson = z
  .object({ message: z.string(), listing: z.object({ id: z.number().int(), type: z.enum(['tools', 'services']), slug: z.string() }) })
  .meta({ id: 'ClaimConfirmed' });

export const listingClaimsRoutes: RoutesPlugin = async (fastify, deps) => {
  const { db } = deps;

  const perMember = (groupId: string, max: number, timeWindow: string) => ({
    rateLimit: { max, timeWindow, hook: 'preHandler' as const, groupId, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip },
  });

  // The members' routes: signed in (401 first, before the input is read), counted per member.
  await fastify.register(async (scope) => {
    const app = typed(scope);
    scope.addHook('onRequest', async (request) => {
      requireUser(request);
    });
    const claims = perMember('listing-claims', CLAIMS_PER_HOUR, '1 hour');
    const perMailbox = namedLimit(scope, {
      name: 'listing-claim-mailbox',
      max: CLAIM_MAILS_PER_HOUR,
      timeWindow: '1 hour',
      key: (request) => (request.body as { email?: unknown } | undefined)?.email?.toString().trim().toLowerCase() || undefined,
    });
    const tags = ['Listing claims'];

    app.post(
      '/api/listings/:id/claims/email',
      {
        schema: {
          tags,
          summary: "Claim an unclaimed listing: e-mail a one-time link to an address at its website's domain (free-mail addresses refused)",
          ...signedIn,
          params: listingIdParams,
          body: claimByEmailSchema,
          response: { 202: claimAnswerJson, ...errors(400, 401, 404, 409, 429) },
        },
        config: claims,
        preHandler: perMailbox,
      },
      async (request, reply) => reply.status(202).send(await requestClaimLink(deps, requireUser(request), request.params.id, request.body.email)),
    );

    app.post(
      '/api/listings/:id/claims/evidence',
      {
        schema: {
          tags,
          summary: 'Claim an unclaimed listing with evidence, for an administrator to decide in the claims queue',
          ...signedIn,
          params: listingIdParams,
          body: claimEvidenceSchema,
          response: { 201: claimAnswerJson, ...errors(400, 401, 404, 409, 429) },
        },
        config: claims,
      },
      async (request, reply) => reply.status(201).send(await submitEvidenceClaim(db, requireUser(request), request.params.id, request.body.evidence)),
    );

    app.post(
      '/api/listing-claims/confirm',
      {
        schema: {
          tags,
          summary: 'Open a claim link: with its token, signed in as the member who asked for it, the listing becomes theirs',
          ...signedIn,
          body: claimConfirmSchema,
          response: { 200: confirmedJson, ...errors(400, 401, 403, 404, 409, 429) },
        },
        config: perMember('listing-claim-confirms', CLAIM_CONFIRMS_PER_MINUTE, '1 minute'),
      },
      async (request) => confirmClaimLink(deps, requireUser(request), request.body.token),
    );
  });

  await adminScope(fastify, (scope) => {
    const app = typed(scope);
    app.get(
      '/api/admin/listing-claims',
      { schema: { summary: 'The claims queue: open claims with evidence, oldest first', response: { 200: z.array(listingClaimJson) } } },
      async () => claimsQueue(db),
    );
    app.post(
      '/api/admin/listing-claims/:id/approve',
      {
        schema: { summary: 'Approve a claim: the listing and its reviews move to the claimant (e-mailed), in the audit log', params: claimIdParams, response: { 200: listingClaimJson, ...errors(400, 404, 409) } },
      },
      async (request) => approveClaim(deps, adminOf(request), request.params.id),
    );
    app.post(
      '/api/admin/listing-claims/:id/reject',
      {
        schema: { summary: 'Reject a claim with a reason the claimant is e-mailed', params: claimIdParams, body: claimRejectionSchema, response: { 200: listingClaimJson, ...errors(400, 404, 409) } },
      },
      async (request) => rejectClaim(deps, adminOf(request), request.params.id, request.body.reason),
    );
  });
};
