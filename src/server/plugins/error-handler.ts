import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { databaseErrorOf, isDatabaseUnavailable } from '../../db/database-error';

/** The answer to a public read that ran past its statement timeout. */
export const PUBLIC_READ_TIMEOUT_MESSAGE = 'That search took too long to answer. Please narrow it (fewer words, or a filter) and try again.';
import type { PageHandler } from './client';

/**
 * The one place errors become responses: always JSON {"message"}, with the status a person or a
 * client can act on. Unexpected errors are logged with their stack and answered with a bare 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter) reply.header('retry-after', error.retryAfter);
      return reply.status(error.statusCode).send({ message: error.message, ...(error.fields && { errors: error.fields }) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid input';
      }
      const first = error.validation[0]?.message ?? 'Invalid input';
      return reply.status(400).send({ message: first, errors: fields });
    }
    // The database is down or restarting: say so at once, and let clients and balancers retry.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: 'The service is temporarily unavailable. Please try again in a moment.' });
    }
    const database = databaseErrorOf(error);
    // A public read PostgreSQL cancelled at its statement timeout (src/db/client.ts): answered at
    // once, as a search to narrow, never a hung request nor a 500.
    if (database?.code === '57014') {
      request.log.warn({ err: error }, 'public read cancelled at its statement timeout');
      return reply.status(503).send({ message: PUBLIC_READ_TIMEOUT_MESSAGE });
    }
    // Database constraint violations that slipped past a service's own checks.
    if (database?.code === '23505') return reply.status(409).send({ message: 'That already exists.' });
    if (database?.code === '23503') return reply.status(409).send({ message: 'That is still in use or refers to something missing.' });
    // Malformed values the database refused: bad number or text syntax, out of range, NUL characters in text or JSON.
    if (['22P02', '22003', '22021', '22P05'].includes(database?.code ?? '')) return reply.status(400).send({ message: 'Invalid input' });

    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: 'The request is too large.' });
    if (status === 429) return reply.status(429).send({ message: error.message || 'Too many requests. Please try again later.' });
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

/**
 * Unknown API paths (and non-GET requests) answer 404 JSON; any other GET is a page of the
 * client, when one is served.
 */
export function registerNotFoundHandler(app: FastifyInstance, pageHandler: PageHandler | undefined) {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isPage = !pathname.startsWith('/api/') && pathname !== '/api' && (request.method === 'GET' || request.method === 'HEAD');
    if (isPage && pageHandler) return pageHandler(request, reply);
    return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}` });
  });
}
