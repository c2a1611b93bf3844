import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../users/users.queries';
import { requireAdmin } from '../../plugins/auth';

/**
 * Registers routes in a scope that answers 401/403 before anything else (even before input
 * validation), so no detail of an administrator endpoint is revealed to anyone else.
 */
export async function adminScope(app: FastifyInstance, register: (scope: FastifyInstance) => void | Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    await register(scope);
  });
}

/** The administrator making the request; the scope's hook has already checked it. */
export const adminOf = (request: FastifyRequest): UserRow => requireAdmin(request);
