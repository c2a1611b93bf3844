import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { createDailyCounts, type DailyCounts } from '../../lib/daily-counts';
import { runEvery } from '../../lib/run-every';
import { addDailyCounts, deleteOldDailyFigures } from './daily-figures.queries';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's batcher of daily figures (tests flush it to read the rows at once). */
    dailyCounts: DailyCounts;
  }
}

/** How often each server writes its counts: a crash loses at most this much counting. */
export const DAILY_COUNTS_FLUSH_MS = 2_000;
const HOUR = 60 * 60 * 1000;

/**
 * The server's batcher of daily figures, written every two seconds and once more as the server
 * closes (before the database is), and the hourly deletion of figures past 25 months. Every server
 * runs both: writes add increments under batch ids, deletions are idempotent.
 */
export function startDailyFigures(app: FastifyInstance, db: Database, enabled: boolean): DailyCounts {
  const counts = createDailyCounts({ write: (batch) => addDailyCounts(db, batch), enabled, log: app.log });
  app.decorate('dailyCounts', counts);
  runEvery(app, DAILY_COUNTS_FLUSH_MS, () => counts.flush(), 'could not write the daily figures; they are kept for the next turn');
  runEvery(app, HOUR, () => deleteOldDailyFigures(db, new Date()), 'could not delete old daily figures');
  app.addHook('onClose', async () => {
    await counts.flush().catch((err: unknown) => app.log.warn({ err, pending: counts.pending() }, 'daily figures lost at shutdown'));
  });
  return counts;
}
