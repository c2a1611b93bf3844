import { z } from 'zod';
import { metaParamsSchema, metaQuerySchema, seoOverrideSchema, seoPageTypes, seoTemplateSchema } from '../../../shared/schemas/seo';
import { metaJson, seoOverrideJson, seoTemplateJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, noContent } from '../../lib/route-docs';
import { adminOf, adminScope } from '../../plugins/admin-scope';
import { resolveMeta } from './meta.service';
import * as seo from './seo.service';

const pageTypeParams = z.object({ pageType: z.enum(seoPageTypes, { message: 'Unknown page type' }) });
const page = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});
const overrideIdParams = z.object({ id: z.coerce.number({ message: 'Invalid override id' }).int().positive('Invalid override id') });

export const seoRoutes: RoutesPlugin = async (fastify, { db, reads, config }) => {
  const app = typed(fastify);

  const meta = { tags: ['Site'], summary: "A page's title and description (templates and overrides applied)", params: metaParamsSchema, querystring: metaQuerySchema };
  app.get('/api/meta/:page', { schema: { ...meta, response: { 200: metaJson, ...errors(400) } } }, async (request) => {
    const { title, description } = await resolveMeta(reads.for(request), config, { page: request.params.page, ...request.query }, request.user);
    return { title, description };
  });

  await adminScope(fastify, (scope) => {
    const admin = typed(scope);
    admin.get('/api/admin/seo/templates', { schema: { summary: 'The SEO template of each page type', response: { 200: z.array(seoTemplateJson) } } }, async () => seo.listTemplates(db));
    admin.put('/api/admin/seo/templates/:pageType', { schema: { summary: "Save a page type's template", params: pageTypeParams, body: seoTemplateSchema, response: { 200: seoTemplateJson, ...errors(400) } } }, async (request) =>
      seo.saveTemplate(db, adminOf(request), request.params.pageType, request.body),
    );
    admin.delete('/api/admin/seo/templates/:pageType', { schema: { summary: 'Reset a template to the default', params: pageTypeParams, response: { 204: noContent, ...errors(400) } } }, async (request, reply) => {
      await seo.resetTemplate(db, adminOf(request), request.params.pageType);
      return reply.status(204).send();
    });

    admin.get('/api/admin/seo/overrides', { schema: { summary: 'Per-page overrides (X-Total-Count: all)', querystring: page, response: { 200: z.array(seoOverrideJson), ...errors(400) } } }, async (request, reply) => {
      const { overrides, total } = await seo.listOverrides(db, request.query.limit, request.query.offset);
      reply.header('x-total-count', String(total));
      return overrides;
    });
    admin.post('/api/admin/seo/overrides', { schema: { summary: 'Add an override for one page', body: seoOverrideSchema, response: { 201: seoOverrideJson, ...errors(400, 409) } } }, async (request, reply) =>
      reply.status(201).send(await seo.createOverride(db, adminOf(request), request.body)),
    );
    admin.put('/api/admin/seo/overrides/:id', { schema: { summary: 'Edit an override', params: overrideIdParams, body: seoOverrideSchema, response: { 200: seoOverrideJson, ...errors(400, 404, 409) } } }, async (request) =>
      seo.updateOverride(db, adminOf(request), request.params.id, request.body),
    );
    admin.delete('/api/admin/seo/overrides/:id', { schema: { summary: 'Delete an override', params: overrideIdParams, response: { 204: noContent, ...errors(400, 404) } } }, async (request, reply) => {
      await seo.deleteOverride(db, adminOf(request), request.params.id);
      return reply.status(204).send();
    });
  });
};
