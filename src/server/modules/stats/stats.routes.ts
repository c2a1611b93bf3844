import { dashboardStatsJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { findDashboardStats } from './stats.queries';

/** Public directory counts, shown on the member dashboard. */
export const statsRoutes: RoutesPlugin = (fastify, { db }) => {
  const schema = { tags: ['Catalogue'], summary: 'Live listings per type, categories and providers', response: { 200: dashboardStatsJson } };
  typed(fastify).get('/api/dashboard/stats', { schema }, async () => findDashboardStats(db));
};
