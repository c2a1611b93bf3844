import { siteSettingsJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { publicSiteSettings } from './site-settings';

export const siteRoutes: RoutesPlugin = (app, { config }) => {
  // The same for every visitor and every request until a restart: let browsers keep it a while.
  const schema = { tags: ['Site'], summary: 'Public settings: product and site names, support address', response: { 200: siteSettingsJson } };
  typed(app).get('/api/site', { schema }, async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(publicSiteSettings(config)));
};
