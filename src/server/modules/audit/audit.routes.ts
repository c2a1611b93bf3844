import { z } from 'zod';
import { auditEntryJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors } from '../../lib/route-docs';
import { adminScope } from '../../plugins/admin-scope';
import { countAuditEntries, listAuditEntries } from './audit.queries';

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const auditRoutes: RoutesPlugin = (fastify, { db }) =>
  adminScope(fastify, (scope) => {
    const app = typed(scope);
    app.get('/api/admin/audit', { schema: { summary: "Administrators' actions, newest first (X-Total-Count: all)", querystring: pageQuery, response: { 200: z.array(auditEntryJson), ...errors(400) } } }, async (request, reply) => {
      const { limit, offset } = request.query;
      const [rows, total] = await Promise.all([listAuditEntries(db, limit, offset), countAuditEntries(db)]);
      reply.header('x-total-count', String(total));
      return rows.map(({ actorEmail, actor, ...row }) => ({
        ...row,
        // A deleted administrator is still named by the e-mail the entry recorded.
        actor: actor?.id ? actor : actorEmail ? { id: null, email: actorEmail, firstName: null, lastName: null } : null,
        createdAt: row.createdAt.toISOString(),
      }));
    });
  });
