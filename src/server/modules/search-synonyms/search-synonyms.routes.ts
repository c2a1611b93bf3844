import { z } from 'zod';
import { searchSynonymJson } from '../../../shared/schemas/responses';
import { searchSynonymSchema } from '../../../shared/schemas/search-synonym';
import { type RoutesPlugin, typed } from '../../deps';
import { errors, noContent } from '../../lib/route-docs';
import { adminOf, adminScope } from '../../plugins/admin-scope';
import * as synonyms from './search-synonyms.service';

const synonymIdParams = z.object({ id: z.coerce.number({ message: 'Invalid synonym id' }).int().positive('Invalid synonym id') });

/** The search synonyms an administrator keeps (Search synonyms tab of the dashboard). */
export const searchSynonymsRoutes: RoutesPlugin = async (fastify, { db }) => {
  await adminScope(fastify, (scope) => {
    const admin = typed(scope);
    admin.get('/api/admin/search-synonyms', { schema: { summary: 'The search synonyms: one-way (from a word or phrase) and groups of equivalents', response: { 200: z.array(searchSynonymJson) } } }, async () =>
      synonyms.listSynonyms(db),
    );
    admin.post(
      '/api/admin/search-synonyms',
      { schema: { summary: 'Add search synonyms (used by every server at once)', body: searchSynonymSchema, response: { 201: searchSynonymJson, ...errors(400, 409) } } },
      async (request, reply) => reply.status(201).send(await synonyms.createSynonym(db, adminOf(request), request.body)),
    );
    admin.put(
      '/api/admin/search-synonyms/:id',
      { schema: { summary: 'Edit search synonyms', params: synonymIdParams, body: searchSynonymSchema, response: { 200: searchSynonymJson, ...errors(400, 404, 409) } } },
      async (request) => synonyms.updateSynonym(db, adminOf(request), request.params.id, request.body),
    );
    admin.delete('/api/admin/search-synonyms/:id', { schema: { summary: 'Delete search synonyms', params: synonymIdParams, response: { 204: noContent, ...errors(400, 404) } } }, async (request, reply) => {
      await synonyms.deleteSynonym(db, adminOf(request), request.params.id);
      return reply.status(204).send();
    });
  });
};
