import type { FastifyRequest } from 'fastify';
import { profileUpdateSchema } from '../../../shared/schemas/auth';
import { userJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, signedIn } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth';
import { toUserJson } from './user-json';
import { updateProfile } from './users.service';

const PROFILE_SAVES_PER_MINUTE = 30;

export const usersRoutes: RoutesPlugin = (fastify, { db }) => {
  const app = typed(fastify);

  // Room for a 5 MB avatar sent as a base64 data URL (a third larger than the file). Decoding one
  // costs real CPU, so one account cannot send them without pause.
  const rateLimit = { max: PROFILE_SAVES_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip };
  const limits = { bodyLimit: 8 * 1024 * 1024, config: { rateLimit } };
  const summary = 'Edit your profile (picture as a data: URL upload), or become a provider';
  app.patch('/api/profile', { ...limits, schema: { tags: ['Account'], summary, ...signedIn, body: profileUpdateSchema, response: { 200: userJson, ...errors(400, 401, 413, 429) } } }, async (request) =>
    toUserJson(await updateProfile(db, requireUser(request), request.body)),
  );
};
