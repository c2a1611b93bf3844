import { type RoutesPlugin, typed } from '../../deps';
import { findDashboardStats } from './stats.queries';

/** Public directory counts, shown on the member dashboard. */
export const statsRoutes: RoutesPlugin = (fastify, { db }) => {
  typed(fastify).get('/api/dashboard/stats', async () => findDashboardStats(db));
};
