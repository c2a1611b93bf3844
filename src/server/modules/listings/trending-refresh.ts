import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { claimTrendingRefresh, refreshTrendingScores } from './trending.queries';

const MINUTE = 60_000;

/**
 * Recomputes the trending scores at start-up and then every minute, by whichever server claims it
 * first (the claim lasts 50 s), so several servers on one PostgreSQL refresh once a minute in all.
 * Start-up waits for its attempt, so a new server never answers from scores it never computed.
 */
export function scheduleTrendingRefresh(app: FastifyInstance, db: Database) {
  let timer: NodeJS.Timeout | undefined;
  const attempt = async () => {
    try {
      if (await claimTrendingRefresh(db)) await refreshTrendingScores(db, new Date());
    } catch (err) {
      app.log.warn({ err }, 'could not refresh the trending scores');
    }
  };
  app.addHook('onReady', async () => {
    await attempt();
    timer = setInterval(() => void attempt(), MINUTE);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
