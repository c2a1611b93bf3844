import { healthJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors } from '../../lib/route-docs';

/**
 * Load balancers give up on a health check after about a second; a database that accepts the
 * connection but does not answer must still read as down in time, not as a hung check.
 */
export const HEALTH_TIMEOUT_MS = 800;

function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(ping: () => Promise<void>): RoutesPlugin {
  return (fastify) => {
    const app = typed(fastify);
    const schema = { tags: ['Site'], summary: 'Whether the server and its database answer', response: { 200: healthJson, ...errors(503) } };
    app.get('/api/health', { schema }, async (request, reply) => {
      try {
        await withinTimeout(ping(), HEALTH_TIMEOUT_MS);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'database did not answer the health check');
        return reply.status(503).header('retry-after', '5').send({ message: 'The database is not answering.' });
      }
    });
  };
}
