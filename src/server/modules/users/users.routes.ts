import { profileUpdateSchema } from '../../../shared/schemas/auth';
import { type RoutesPlugin, typed } from '../../deps';
import { requireUser } from '../../plugins/auth';
import { toUserJson } from './user-json';
import { updateProfile } from './users.service';

export const usersRoutes: RoutesPlugin = (fastify, { db }) => {
  const app = typed(fastify);

  // Room for a 5 MB avatar sent as a base64 data URL (a third larger than the file).
  app.patch('/api/profile', { bodyLimit: 8 * 1024 * 1024, schema: { body: profileUpdateSchema } }, async (request) =>
    toUserJson(await updateProfile(db, requireUser(request), request.body)),
  );
};
