import { z } from 'zod';
import { categoryFormSchema } from '../../../shared/schemas/category';
import { categoryJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, noContent } from '../../lib/route-docs';
import { adminOf, adminScope } from '../../plugins/admin-scope';
import { createCategory, deleteCategory, updateCategory } from './categories-admin.service';

const idParams = z.object({ id: z.coerce.number({ message: 'Invalid category id' }).int('Invalid category id').positive('Invalid category id').max(2147483647, 'Invalid category id') });

// Inline images in the additional content make these bodies larger than the default limit.
const bodyLimit = 4 * 1024 * 1024;

/** The administrator's category writes; the public reads are in categories.routes.ts. */
export const categoriesAdminRoutes: RoutesPlugin = (fastify, { db }) =>
  adminScope(fastify, (scope) => {
    const app = typed(scope);
    app.post('/api/categories', { bodyLimit, schema: { summary: 'Create a category', body: categoryFormSchema, response: { 201: categoryJson, ...errors(400, 409, 413) } } }, async (request, reply) =>
      reply.status(201).send(await createCategory(db, adminOf(request), request.body)),
    );
    app.put('/api/categories/:id', { bodyLimit, schema: { summary: 'Edit a category', params: idParams, body: categoryFormSchema, response: { 200: categoryJson, ...errors(400, 404, 409, 413) } } }, async (request) =>
      updateCategory(db, adminOf(request), request.params.id, request.body),
    );
    app.delete('/api/categories/:id', { schema: { summary: 'Delete a category that holds no listings', params: idParams, response: { 204: noContent, ...errors(400, 404, 409) } } }, async (request, reply) => {
      await deleteCategory(db, adminOf(request), request.params.id);
      return reply.status(204).send();
    });
  });
