import type { FastifyRequest } from 'fastify';
import { changePasswordSchema, deleteAccountSchema } from '../../../shared/schemas/account';
import { profileUpdateSchema } from '../../../shared/schemas/auth';
import { messageJson, userJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, noContent, signedIn } from '../../lib/route-docs';
import { endSession, requireUser, sessionTokenHash } from '../../plugins/auth';
import { changePassword, deleteOwnAccount } from '../account/account.service';
import { toUserJson } from './user-json';
import { updateProfile } from './users.service';

const PROFILE_SAVES_PER_MINUTE = 30;

export const usersRoutes: RoutesPlugin = (fastify, { db, config }) => {
  const app = typed(fastify);

  // Room for a 5 MB avatar sent as a base64 data URL (a third larger than the file). Decoding one
  // costs real CPU, so one account cannot send them without pause.
  const rateLimit = { max: PROFILE_SAVES_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip };
  const limits = { bodyLimit: 8 * 1024 * 1024, config: { rateLimit } };
  const summary = 'Edit your profile (picture as a data: URL upload), or become a provider';
  app.patch('/api/profile', { ...limits, schema: { tags: ['Account'], summary, ...signedIn, body: profileUpdateSchema, response: { 200: userJson, ...errors(400, 401, 413, 429) } } }, async (request) =>
    toUserJson(await updateProfile(db, requireUser(request), request.body)),
  );

  // Each attempt hashes a password: limited like sign-in, per account.
  const passwordChecks = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip } };
  app.put(
    '/api/profile/password',
    {
      config: passwordChecks,
      schema: { tags: ['Account'], summary: 'Change your password (the current one required); your other sessions end', ...signedIn, body: changePasswordSchema, response: { 200: messageJson, ...errors(400, 401, 429) } },
    },
    async (request) => {
      await changePassword(db, requireUser(request), sessionTokenHash(request), request.body);
      return { message: 'Your password has been changed. Any other device you were signed in on has been signed out.' };
    },
  );
  app.post(
    '/api/profile/delete',
    {
      config: passwordChecks,
      schema: {
        tags: ['Account'],
        summary: 'Delete your account (your password required): reviews removed, listings taken down, sent messages kept for their recipients',
        ...signedIn,
        body: deleteAccountSchema,
        response: { 204: noContent, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await deleteOwnAccount(db, requireUser(request), request.body);
      await endSession(db, config, request, reply);
      return reply.status(204).send();
    },
  );
};
