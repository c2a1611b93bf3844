import type { RoutesPlugin } from '../../deps';
import { buildRobots, buildSitemap } from './sitemap.service';

export const sitemapRoutes: RoutesPlugin = (app, { db, config }) => {
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await buildSitemap(db, config.siteUrl)),
  );
  app.get('/robots.txt', async (_request, reply) =>
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(buildRobots(config.siteUrl)),
  );
};
