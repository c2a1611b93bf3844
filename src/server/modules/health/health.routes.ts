import type { RoutesPlugin } from '../../deps';

export function healthRoutes(ping: () => Promise<void>): RoutesPlugin {
  return (app) => {
    app.get('/api/health', async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' };
      } catch (err) {
        request.log.error({ err }, 'database did not answer the health check');
        return reply.status(503).send({ message: 'The database is not answering.' });
      }
    });
  };
}
