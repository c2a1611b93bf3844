import { siteBrandJson, siteSettingsJson } from '../../../shared/schemas/responses';
import { siteBrandSchema } from '../../../shared/schemas/site-brand';
import { type RoutesPlugin, typed } from '../../deps';
import { errors } from '../../lib/route-docs';
import { adminOf, adminScope } from '../../plugins/admin-scope';
import { allCacheTables, sendCachedJson } from '../../plugins/read-cache';
import { publicSite, saveSite } from './site.service';

export const siteRoutes: RoutesPlugin = async (fastify, { db, cache, brand }) => {
  const app = typed(fastify);
  // Through the read cache: the real counts the home page may show change with the listings, and
  // the brand with the Site settings; both announce their writes.
  const schema = { tags: ['Site'], summary: "The operator's brand: names, support address, accent colour, logo, home page texts and figures, footer links", response: { 200: siteSettingsJson } };
  app.get('/api/site', { schema }, async (request, reply) => sendCachedJson(request, reply, cache, 'site', allCacheTables, () => publicSite(db, brand.current())));

  await adminScope(fastify, (scope) => {
    const admin = typed(scope);
    admin.get('/api/admin/site', { schema: { summary: 'The Site settings as saved (null texts are the defaults)', response: { 200: siteBrandJson } } }, async () => brand.current());
    admin.put('/api/admin/site', { schema: { summary: 'Save the Site settings (in force on every server within seconds)', body: siteBrandSchema, response: { 200: siteBrandJson, ...errors(400, 413) } } }, async (request) =>
      saveSite(db, brand, adminOf(request), request.body),
    );
  });
};
