import type { RoutesPlugin } from '../../deps';

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
  return (app) => {
    app.get('/api/health', async (request, reply) => {
      try {
        await withinTimeout(ping(), HEALTH_TIMEOUT_MS);
        return { status: 'ok' };
      } catch (err) {
        request.log.error({ err }, 'database did not answer the health check');
        return reply.status(503).header('retry-after', '5').send({ message: 'The database is not answering.' });
      }
    });
  };
}
