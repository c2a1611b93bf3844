import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema/users';
import { errors, signedIn } from '../lib/route-docs';
import { requireAdmin } from './auth';

/**
 * Registers routes in a scope that answers 401/403 before anything else (even before input
 * validation), so no detail of an administrator endpoint is revealed to anyone else.
 */
export async function adminScope(app: FastifyInstance, register: (scope: FastifyInstance) => void | Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    // The API document says so for every route of the scope, next to the route's own answers.
    scope.addHook('onRoute', (route) => {
      const schema = route.schema ?? {};
      route.schema = {
        ...schema,
        ...signedIn,
        tags: ['Administration'],
        description: ['Administrators only.', schema.description].filter(Boolean).join(' '),
        response: { ...errors(401, 403), ...(schema.response as object) },
      };
    });
    await register(scope);
  });
}

/** The administrator making the request; the scope's hook has already checked it. */
export const adminOf = (request: FastifyRequest): UserRow => requireAdmin(request);
