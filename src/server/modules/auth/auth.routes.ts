import { loginSchema, registerSchema } from '../../../shared/schemas/auth';
import { type AppDeps, type RoutesPlugin, typed } from '../../deps';
import { endSession, requireUser, startSession } from '../../plugins/auth';
import { toUserJson } from '../users/user-json';
import * as auth from './auth.service';

export const authRoutes: RoutesPlugin = (fastify, deps: AppDeps) => {
  const { db, config } = deps;
  const app = typed(fastify);
  // Per client address, on every server together; login also throttles each e-mail address (auth.service.ts).
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post('/api/register', { schema: { body: registerSchema }, config: limited }, async (request, reply) => {
    const user = await auth.register(db, request.body);
    await startSession(db, config, reply, user.id);
    return reply.status(201).send(toUserJson(user));
  });

  app.post('/api/login', { schema: { body: loginSchema }, config: limited }, async (request, reply) => {
    const user = await auth.login(deps, request.body);
    await startSession(db, config, reply, user.id);
    return toUserJson(user);
  });

  app.get('/api/auth/user', async (request) => toUserJson(requireUser(request)));

  // Links to /api/login send people to the sign-in screen.
  app.get('/api/login', async (_request, reply) => reply.redirect('/auth'));

  // Reached by a full-page navigation, so it ends with a redirect rather than JSON.
  app.get('/api/logout', async (request, reply) => {
    await endSession(db, config, request, reply);
    return reply.redirect('/');
  });
};
