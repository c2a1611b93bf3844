import { z } from 'zod';
import { categoryFormSchema } from '../../../shared/schemas/category';
import { type RoutesPlugin, typed } from '../../deps';
import { adminOf, adminScope } from '../admin/admin-only';
import { createCategory, deleteCategory, updateCategory } from './categories-admin.service';

const idParams = z.object({ id: z.coerce.number({ message: 'Invalid category id' }).int('Invalid category id').positive('Invalid category id').max(2147483647, 'Invalid category id') });

// Inline images in the additional content make these bodies larger than the default limit.
const bodyLimit = 4 * 1024 * 1024;

/** The administrator's category writes; the public reads are in categories.routes.ts. */
export const categoriesAdminRoutes: RoutesPlugin = (fastify, { db }) =>
  adminScope(fastify, (scope) => {
    const app = typed(scope);
    app.post('/api/categories', { bodyLimit, schema: { body: categoryFormSchema } }, async (request, reply) =>
      reply.status(201).send(await createCategory(db, adminOf(request), request.body)),
    );
    app.put('/api/categories/:id', { bodyLimit, schema: { params: idParams, body: categoryFormSchema } }, async (request) =>
      updateCategory(db, adminOf(request), request.params.id, request.body),
    );
    app.delete('/api/categories/:id', { schema: { params: idParams } }, async (request, reply) => {
      await deleteCategory(db, adminOf(request), request.params.id);
      return reply.status(204).send();
    });
  });
