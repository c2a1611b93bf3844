import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { runEvery } from '../../lib/run-every';
import { deleteStaleViewVisitors } from './listing-views.queries';

const HOUR = 60 * 60 * 1000;

/**
 * Deletes yesterday's visitor rows once an hour, so the table holds about one day of views. Every
 * server runs it; the delete is idempotent, so servers sharing the database need no coordination.
 */
export function scheduleStaleViewCleanup(app: FastifyInstance, db: Database) {
  runEvery(app, HOUR, () => deleteStaleViewVisitors(db, new Date()), 'could not delete old listing view visitors');
}
