import { z } from 'zod';
import { metaParamsSchema, metaQuerySchema, seoOverrideSchema, seoPageTypes, seoTemplateSchema } from '../../../shared/schemas/seo';
import { type RoutesPlugin, typed } from '../../deps';
import { adminOf, adminScope } from '../admin/admin-only';
import { resolveMeta } from './meta.service';
import * as seo from './seo.service';

const pageTypeParams = z.object({ pageType: z.enum(seoPageTypes, { message: 'Unknown page type' }) });
const page = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});
const overrideIdParams = z.object({ id: z.coerce.number({ message: 'Invalid override id' }).int().positive('Invalid override id') });

export const seoRoutes: RoutesPlugin = async (fastify, { db, config }) => {
  const app = typed(fastify);

  app.get('/api/meta/:page', { schema: { params: metaParamsSchema, querystring: metaQuerySchema } }, async (request) => {
    const { title, description } = await resolveMeta(db, config, { page: request.params.page, ...request.query });
    return { title, description };
  });

  await adminScope(fastify, (scope) => {
    const admin = typed(scope);
    admin.get('/api/admin/seo/templates', async () => seo.listTemplates(db));
    admin.put('/api/admin/seo/templates/:pageType', { schema: { params: pageTypeParams, body: seoTemplateSchema } }, async (request) =>
      seo.saveTemplate(db, adminOf(request), request.params.pageType, request.body),
    );
    admin.delete('/api/admin/seo/templates/:pageType', { schema: { params: pageTypeParams } }, async (request, reply) => {
      await seo.resetTemplate(db, adminOf(request), request.params.pageType);
      return reply.status(204).send();
    });

    admin.get('/api/admin/seo/overrides', { schema: { querystring: page } }, async (request, reply) => {
      const { overrides, total } = await seo.listOverrides(db, request.query.limit, request.query.offset);
      reply.header('x-total-count', String(total));
      return overrides;
    });
    admin.post('/api/admin/seo/overrides', { schema: { body: seoOverrideSchema } }, async (request, reply) =>
      reply.status(201).send(await seo.createOverride(db, adminOf(request), request.body)),
    );
    admin.put('/api/admin/seo/overrides/:id', { schema: { params: overrideIdParams, body: seoOverrideSchema } }, async (request) =>
      seo.updateOverride(db, adminOf(request), request.params.id, request.body),
    );
    admin.delete('/api/admin/seo/overrides/:id', { schema: { params: overrideIdParams } }, async (request, reply) => {
      await seo.deleteOverride(db, adminOf(request), request.params.id);
      return reply.status(204).send();
    });
  });
};
