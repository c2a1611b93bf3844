import type { FastifyReply } from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { buildRobots, createSitemaps, defaultSitemapOptions, type SitemapOptions, sitemapSections } from './sitemap.service';

const sendText = (reply: FastifyReply, contentType: string, body: string) =>
  reply.header('content-type', `${contentType}; charset=utf-8`).header('cache-control', 'public, max-age=3600').send(body);

/** The sitemap routes with their own file cache; tests pass a small chunk size. */
export function createSitemapRoutes(options: Partial<SitemapOptions> = {}) {
  return (app: FastifyInstance, { db, reads, config }: Pick<AppDeps, 'db' | 'config'> & Partial<Pick<AppDeps, 'reads'>>) => {
    // Built once for every visitor: a replica may serve it.
    const sitemaps = createSitemaps(reads?.anyone ?? db, config.siteUrl, { ...defaultSitemapOptions, ...options });

    app.get('/sitemap.xml', async (_request, reply) => sendText(reply, 'application/xml', await sitemaps.index()));
    app.get('/sitemap-pages.xml', async (_request, reply) => sendText(reply, 'application/xml', sitemaps.pages()));
    for (const section of sitemapSections) {
      app.get<{ Params: { page: string } }>(`/sitemap-${section}-:page.xml`, async (request, reply) => {
        const xml = await sitemaps.chunk(section, request.params.page);
        if (xml === undefined) throw AppError.notFound('No such sitemap');
        return sendText(reply, 'application/xml', xml);
      });
    }
    app.get('/robots.txt', async (_request, reply) => sendText(reply, 'text/plain', buildRobots(config.siteUrl)));
  };
}

export const sitemapRoutes = createSitemapRoutes();
