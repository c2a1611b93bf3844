import type { FastifyRequest } from 'fastify';
import { profileUpdateSchema } from '../../../shared/schemas/auth';
import { type RoutesPlugin, typed } from '../../deps';
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
  app.patch('/api/profile', { ...limits, schema: { body: profileUpdateSchema } }, async (request) =>
    toUserJson(await updateProfile(db, requireUser(request), request.body)),
  );
};
