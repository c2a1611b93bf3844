import { loginSchema, registerSchema } from '../../../shared/schemas/auth';
import { userJson } from '../../../shared/schemas/responses';
import { type AppDeps, type RoutesPlugin, typed } from '../../deps';
import { errors, noContent, signedIn } from '../../lib/route-docs';
import { runEvery } from '../../lib/run-every';
import { endSession, requireUser, startSession } from '../../plugins/auth';
import { toUserJson } from '../users/user-json';
import * as auth from './auth.service';
import { deleteForgottenLoginThrottles } from './login-throttle.queries';

/** How often each server deletes the login throttles nobody needs any more. */
const SWEEP_EVERY_MS = 10 * 60_000;

export const authRoutes: RoutesPlugin = (fastify, deps: AppDeps) => {
  const { db, config } = deps;
  const app = typed(fastify);
  // Per client address, on every server together; login also throttles each e-mail address (auth.service.ts).
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  runEvery(fastify, SWEEP_EVERY_MS, () => deleteForgottenLoginThrottles(db), 'could not delete old login throttles; the next sweep tries again');

  app.post('/api/register', { schema: { tags: ['Account'], summary: 'Create an account and sign in (sets the session cookie)', body: registerSchema, response: { 201: userJson, ...errors(400, 409, 429) } }, config: limited }, async (request, reply) => {
    const user = await auth.register(db, request.body);
    await startSession(db, config, reply, user.id);
    return reply.status(201).send(toUserJson(user));
  });

  app.post('/api/login', { schema: { tags: ['Account'], summary: 'Sign in (sets the session cookie)', body: loginSchema, response: { 200: userJson, ...errors(400, 401, 429) } }, config: limited }, async (request, reply) => {
    const user = await auth.login(deps, request.body);
    await startSession(db, config, reply, user.id);
    return toUserJson(user);
  });

  app.get('/api/auth/user', { schema: { tags: ['Account'], summary: 'The signed-in user', ...signedIn, response: { 200: userJson, ...errors(401) } } }, async (request) =>
    toUserJson(requireUser(request)),
  );

  // Links to /api/login send people to the sign-in screen.
  app.get('/api/login', { schema: { tags: ['Account'], summary: 'Redirects to the sign-in screen', response: { 302: noContent } } }, async (_request, reply) =>
    reply.redirect('/auth'),
  );

  // Reached by a full-page navigation, so it ends with a redirect rather than JSON.
  app.get('/api/logout', { schema: { tags: ['Account'], summary: 'Sign out and go to the home page', response: { 302: noContent } } }, async (request, reply) => {
    await endSession(db, config, request, reply);
    return reply.redirect('/');
  });
};
