import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { analyzeChangedTables, analyzeStaleTables, type RunSql } from './statistics';
import { createPool } from './postgres-pool';
import { listenPglite, listenPostgres, type NotificationHandlers, type Subscription } from './notifications';
import { createReplicaSet, replicaName, type ReplicaSet, type ReplicaStatus } from './read-replicas';
import * as schema from './schema/index';

/** The one database type the rest of the code sees, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  /** The primary: every write, and every read that must see the latest writes. */
  db: Database;
  /**
   * For public reads that may be a moment behind: a fit streaming replica when there are any
   * (src/db/read-replicas.ts), else the primary. On PostgreSQL its connections carry the public
   * read's statement timeout (a statement cancelled by it fails with SQLSTATE 57014, answered 503);
   * on PGlite it is `db` itself.
   */
  reads: Database;
  /** The replicas behind `reads`, when DATABASE_READ_URLS names any. */
  replicas?: ReplicaSet;
  engine: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  /**
   * Refreshes the planner's statistics; PGlite has no autovacuum, so call it after loading data.
   * `vacuum` also sets the visibility map, without which the browse indexes' index-only scans visit
   * the table anyway: the bulk loaders ask for it, start-up does not (it would lengthen every start).
   */
  analyze: (options?: { vacuum?: boolean }) => Promise<void>;
  /** At start-up: analyzes only the tables whose statistics are missing or stale (statistics.ts). */
  analyzeStale: () => Promise<string[]>;
  /** Hears NOTIFY on a channel, from this process and any other using the same database. */
  listen: (channel: string, handlers: NotificationHandlers) => Promise<Subscription>;
  close: () => Promise<void>;
  /**
   * Runs `work` while holding the database-wide start-up lock, so that of several servers
   * starting on one database only one migrates and seeds at a time; the others wait, then find
   * the work done. Released when `work` ends or, if the process dies, with its connection.
   */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
};

/** The advisory lock key for start-up work (any constant no other code uses; the digits spell nothing). */
const STARTUP_LOCK_KEY = 7_245_010_451;

/** How long a request may wait to get a database connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 1_500;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  /**
   * `readUrls`: streaming replicas of `url` for `reads`, skipped while more than `replicaMaxLagMs`
   * behind. `publicReadTimeoutMs`: the statement timeout of `reads` (none when unset).
   */
  | { url: string; readUrls?: string[]; replicaMaxLagMs?: number; publicReadTimeoutMs?: number }
  /**
   * dataDir undefined keeps the database in memory (tests). `from`: a dump of a data directory
   * (PGlite's dumpDataDir) to start from, for tests that each begin from one migrated copy.
   */
  | { dataDir?: string; from?: Blob };

export type DatabaseEvents = {
  /**
   * A connection failed (server restart, terminated backend), idle or held by a request (which then
   * fails with a 503); the pool replaces it.
   */
  onConnectionError?: (error: Error) => void;
  /** A replica became fit to serve reads, or unfit (down, lagging, promoted). */
  onReplicaChange?: (status: ReplicaStatus) => void;
};

export async function openDatabase(options: DatabaseOptions, events: DatabaseEvents = {}): Promise<DatabaseHandle> {
  if ('url' in options) return openPostgres(options, events);
  return openPglite(options.dataDir, options.from);
}

async function openPglite(dataDir: string | undefined, from: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Loaded only here: a server on PostgreSQL never holds PGlite and its drizzle driver (about 7 MB).
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(from ? { loadDataDir: from } : {}) });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const run: RunSql = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
  return {
    db,
    reads: db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    analyze: async ({ vacuum = false } = {}) => {
      await client.exec(vacuum ? 'vacuum analyze' : 'analyze');
    },
    analyzeStale: () => analyzeStaleTables(run),
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    // PGlite flushes and closes its files here; skipping it can leave the data directory half-written.
    close: async () => {
      try {
        await analyzeChangedTables(run);
      } catch {
        // Fresh statistics are a bonus for the next start (which checks again); closing cleanly is not.
      }
      await client.close();
    },
    // One process owns a PGlite directory, so there is nobody to wait for.
    exclusively: (work) => work(),
  };
}

async function openPostgres(
  { url, readUrls = [], replicaMaxLagMs = 5_000, publicReadTimeoutMs }: { url: string; readUrls?: string[]; replicaMaxLagMs?: number; publicReadTimeoutMs?: number },
  events: DatabaseEvents,
): Promise<DatabaseHandle> {
  // A server that does not answer at all must fail a request (and /api/health) in seconds, not hang it.
  // 1.5 s, not more: a PostgreSQL that is restarting can accept TCP connections before it serves
  // them (on a loaded machine the fault test saw requests wait 2.7 s for a restarting postmaster,
  // then fail anyway); a healthy server on loopback connects in milliseconds even then. The same limit
  // bounds a request's wait for a pooled connection, so a flooded pool sheds load with 503s.
  // Every client of the pool, the start-up lock's included, listens for its own connection's errors.
  // No parallel workers: a request's statement is short, and the cores are shared with the other
  // requests under way. A worker's start cost more than it shared: "marketing" among tools with a
  // 40 % margin, its walk given a parallel index scan, took p50 15.8 ms over HTTP, 11.2 without.
  const poolOptions = (connectionString: string, settings = ''): pg.PoolConfig => ({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: `-c max_parallel_workers_per_gather=0${settings}`,
  });
  const onConnectionError = (error: Error) => events.onConnectionError?.(error);
  const pool = createPool(poolOptions(url), onConnectionError);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  // Public reads run on pools of their own, whose statements PostgreSQL cancels past the timeout:
  // no visitor's search holds a connection and a core for longer. Writes, imports and a person's
  // own dashboards keep the primary's pool, without it.
  const timed = publicReadTimeoutMs === undefined ? '' : ` -c statement_timeout=${publicReadTimeoutMs}`;
  const publicPrimary = createPool(poolOptions(url, timed), onConnectionError);
  // Each replica has a pool like the public one; a replica that is down at start only waits to be found fit.
  const replicas =
    readUrls.length > 0
      ? createReplicaSet({
          primary: pool,
          primaryReads: publicPrimary,
          replicas: readUrls.map((readUrl) => ({ name: replicaName(readUrl), pool: createPool(poolOptions(readUrl, timed), onConnectionError) })),
          maxLagMs: replicaMaxLagMs,
          onChange: events.onReplicaChange,
        })
      : undefined;
  await replicas?.ready();
  const reads = drizzlePg(replicas ? replicas.readPool : publicPrimary, { schema }) as unknown as Database;
  return {
    db,
    reads,
    ...(replicas ? { replicas } : {}),
    engine: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder }),
    ping: async () => {
      await pool.query('select 1');
    },
    analyze: async ({ vacuum = false } = {}) => {
      await pool.query(vacuum ? 'vacuum analyze' : 'analyze');
    },
    analyzeStale: () => analyzeStaleTables(async (text) => (await pool.query(text)).rows),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: async () => {
      await replicas?.close();
      await publicPrimary.end();
      await pool.end();
    },
    exclusively: async (work) => {
      // A session-level lock on a connection of its own: the work itself runs on the pool as usual.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        holder.release();
      }
    },
  };
}
