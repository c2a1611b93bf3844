import path from 'node:path';
import { openDatabase } from '../db/client';
import type { ReplicaStatus } from '../db/read-replicas';
import { seedDemoIfEmpty } from '../db/seed/demo';
import { fillMissingProgrammeCaches } from '../db/partner-programme-caches';
import { buildApp, defaultClientRoot } from './app';
import { ConfigError, loadConfig } from './config';
import { ensureAdmin } from './modules/users/ensure-admin';
import { deleteExpiredSessions } from './plugins/sessions.queries';
import { createPageRenderer } from './modules/seo/render-page';
import { createReadDb } from './plugins/read-db';
import { loadBuiltAppRenderer } from './modules/pages/render-app';
import { installProcessErrorPolicy, type ProcessErrorLog } from './process-errors';

const consoleLog: ProcessErrorLog = {
  warn: ({ err }, message) => console.warn(message, err),
  fatal: ({ err }, message) => console.error(message, err),
};

const describeReplica = ({ name, fit, reason, lagMs }: ReplicaStatus) =>
  fit
    ? `replica ${name} serves reads`
    : `replica ${name} skipped (${reason}${lagMs !== undefined && Number.isFinite(lagMs) ? `, ${(lagMs / 1000).toFixed(1)} s behind` : ''}): the primary or another replica serves its reads`;

async function main() {
  const config = loadConfig();
  const logger = {
    level: config.logLevel,
    // Pretty, coloured lines for a person at a terminal; one JSON line per event everywhere else.
    ...(process.stdout.isTTY && { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }),
  };

  // Logged through the app's logger once there is one; before, on the console.
  const started: { app?: Awaited<ReturnType<typeof buildApp>> } = {};
  installProcessErrorPolicy(() => started.app?.log ?? consoleLog);

  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl, readUrls: config.databaseReadUrls, replicaMaxLagMs: config.replicaMaxLagMs, publicReadTimeoutMs: config.publicReadTimeoutMs } : { dataDir: path.join(config.dataDir, 'pglite') },
    {
      onConnectionError: (err) => console.warn(`database connection lost (the pool reconnects): ${err.message}`),
      // Logged through the app's logger once there is one, like the process errors.
      onReplicaChange: (status) => {
        const message = describeReplica(status);
        if (started.app) started.app.log[status.fit ? 'info' : 'warn'](message);
        else console[status.fit ? 'log' : 'warn'](message);
      },
    },
  );

  // From here on a signal never kills the process outright: PGlite must be closed to leave its
  // files whole. During start-up the step under way (a migration, the seed) finishes first.
  let stopping: string | undefined;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = signal;
    const { app } = started;
    if (!app) return; // start-up notices and stops after its current step
    app.log.info(`${signal} received: finishing requests in flight, then closing the database`);
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const stopIfAsked = async () => {
    if (!stopping) return;
    console.log(`${stopping} received during start-up: closing the database`);
    await database.close();
    process.exit(0);
  };

  // Several servers may start together on one PostgreSQL: one at a time migrates, creates the
  // administrator and seeds; the next finds it done. A stop asked for meanwhile skips what is left.
  await database.exclusively(async () => {
    await database.migrate();
    if (stopping) return;
    if (config.admin) await ensureAdmin(database.db, config.admin);
    if (config.seedDemo) await seedDemoIfEmpty(database.db);
    // Programmes written before their filter caches existed get them once (src/db/partner-programme-caches.ts).
    await fillMissingProgrammeCaches(database.db);
  });
  await stopIfAsked();
  await deleteExpiredSessions(database.db);
  // PGlite has no autovacuum: without fresh statistics the planner ignores the search indexes.
  // Only missing or stale ones are refreshed: analyzing all of 100,000 listings at every start
  // was most of PGlite's start-up.
  await database.analyzeStale();
  await stopIfAsked();

  const renderApp = await loadBuiltAppRenderer(new URL('.', import.meta.url), defaultClientRoot);
  const app = await buildApp({ config, database, logger, client: { renderPage: createPageRenderer(createReadDb(database, config), config, renderApp) } });
  started.app = app;
  if (stopping) {
    await app.close();
    await stopIfAsked();
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.siteName} is running at ${config.siteUrl} (database: ${database.engine})`);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
