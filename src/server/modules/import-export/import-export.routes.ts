import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  exportListingsQuerySchema,
  IMPORT_MAX_BYTES,
  type ImportResult,
  importQuerySchema,
  importRefusedSchema,
  importResultSchema,
} from '../../../shared/schemas/import-export';
import { type RoutesPlugin, typed } from '../../deps';
import { AppError } from '../../lib/app-error';
import { errors } from '../../lib/route-docs';
import { requestScreenshot } from '../screenshots/screenshots.service';
import { adminOf, adminScope } from '../../plugins/admin-scope';
import { exportCategories, exportListings } from './export.service';
import { importCategories } from './import-categories.service';
import { importListings } from './import-listings.service';
import { countOf } from '../../../shared/plural';

const csvFile = z.string().describe('CSV text (RFC 4180, UTF-8 with a byte-order mark); the columns are in docs/import-format.md');
// The body stays raw bytes (a Buffer), so that text which is not UTF-8 is reported as a row-level error.
const csvBody = z.unknown().meta({ type: 'string', description: 'A CSV file sent as text/csv, at most 100 MB and 100,000 rows; columns in docs/import-format.md' });
const importResponses = { 200: importResultSchema, 422: importRefusedSchema, ...errors(400, 413, 415) };

const today = () => new Date().toISOString().slice(0, 10);
const megabytes = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);

/** A CSV download. The reply is untyped here: the route's schema documents the body as text, and a stream is sent as it is. */
const sendCsv = (reply: FastifyReply, name: string, csv: Readable) =>
  reply
    .headers({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}-${today()}.csv"`,
      'cache-control': 'no-store',
    })
    .send(csv);

/** A real import that found errors stored nothing: 422, the figures it would have had, and the errors. */
function answer(reply: FastifyReply, result: ImportResult) {
  if (result.dryRun || result.errorCount === 0) return reply.send(result);
  const rows = countOf(result.errorCount, 'error');
  return reply.status(422).send({ ...result, message: `Nothing was imported: the file has ${rows}.` });
}

/** The admin Import / Export screen's calls: CSV out and in, for administrators only. */
export const importExportRoutes: RoutesPlugin = (fastify, { db, config }) =>
  adminScope(fastify, (scope) => {
    const app = typed(scope);
    const screenshotDeps = { db, config, log: fastify.log };

    scope.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));
    // A declared size over the limit is refused before a byte is read, with a message that names the limit.
    const refuseLargeFile = async (request: { headers: { 'content-length'?: string } }) => {
      if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES) {
        throw new AppError(413, `The file is larger than ${megabytes} MB. Split it into smaller files.`);
      }
    };
    const bodyOf = (body: unknown) => {
      if (!Buffer.isBuffer(body)) throw new AppError(415, 'Send the file as text/csv.');
      return body;
    };

    app.get(
      '/api/admin/export/listings.csv',
      { schema: { summary: 'Every listing of one type, any status, with its partner programme, as a CSV file', produces: ['text/csv'], querystring: exportListingsQuerySchema, response: { 200: csvFile } } },
      async (request, reply) => sendCsv(reply, request.query.type, exportListings(db, request.query.type, adminOf(request))),
    );

    app.get('/api/admin/export/categories.csv', { schema: { summary: 'Every category as a CSV file', produces: ['text/csv'], response: { 200: csvFile } } }, async (_request, reply) =>
      sendCsv(reply, 'categories', exportCategories(db)),
    );

    app.post(
      '/api/admin/import/listings',
      { bodyLimit: IMPORT_MAX_BYTES, onRequest: refuseLargeFile, schema: { summary: 'Create and update listings and their partner programmes from a CSV file, all or nothing (dryRun=true: check only)', querystring: importQuerySchema, body: csvBody, response: importResponses } },
      async (request, reply) => {
        const { result, screenshots } = await importListings(db, adminOf(request), bodyOf(request.body), request.query.dryRun);
        for (const job of screenshots) requestScreenshot(screenshotDeps, job);
        return answer(reply, result);
      },
    );

    app.post(
      '/api/admin/import/categories',
      { bodyLimit: IMPORT_MAX_BYTES, onRequest: refuseLargeFile, schema: { summary: 'Create and update categories from a CSV file, parents before children, all or nothing', querystring: importQuerySchema, body: csvBody, response: importResponses } },
      async (request, reply) => {
        const { result } = await importCategories(db, adminOf(request), bodyOf(request.body), request.query.dryRun);
        return answer(reply, result);
      },
    );
  });
