import type { RoutesPlugin } from '../../deps';
import { publicSiteSettings } from './site-settings';

export const siteRoutes: RoutesPlugin = (app, { config }) => {
  // The same for every visitor and every request until a restart: let browsers keep it a while.
  app.get('/api/site', async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(publicSiteSettings(config)));
};
