import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { insertBulkListings } from '../src/db/seed/bulk-listings';
import { seedDemoIfEmpty } from '../src/db/seed/demo';

/**
 * Where the benchmark's server keeps its data: a new database beside DATABASE_URL's, or a PGlite
 * directory. `backends`: the process ids of the PostgreSQL backends connected to it (PGlite runs
 * inside the server's own process: none). `described`: the engine, its version and the one
 * setting the figures at a large catalogue depend on, PostgreSQL's shared buffers (a search that
 * reads pages outside them copies each from the operating system's cache).
 */
export type ScratchDatabase = {
  engine: 'postgres' | 'pglite';
  env: Record<string, string>;
  backends: () => Promise<number[]>;
  described: () => Promise<string>;
  drop: () => Promise<void>;
};

export async function createScratchDatabase(serverUrl: string | undefined): Promise<ScratchDatabase> {
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
    return {
      engine: 'pglite',
      env: { DATA_DIR: dir },
      backends: async () => [],
      described: async () => 'PGlite (embedded)',
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const ask = async <Row extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<Row[]> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    engine: 'postgres',
    env: { DATABASE_URL: url.toString() },
    backends: async () => (await ask<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])).map((row) => row.pid),
    described: async () => {
      const [row] = await ask<{ version: string; buffers: string }>("select current_setting('server_version') as version, current_setting('shared_buffers') as buffers");
      return `PostgreSQL ${row!.version.split(' ')[0]}, shared_buffers ${row!.buffers}`;
    },
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The demo catalogue plus `count` generated listings, through the same code as `npm run seed:bulk`. */
export async function fillScratchDatabase(scratch: ScratchDatabase, count: number, log: (line: string) => void) {
  const database = await openDatabase(scratch.env.DATABASE_URL ? { url: scratch.env.DATABASE_URL } : { dataDir: path.join(scratch.env.DATA_DIR!, 'pglite') });
  try {
    await database.migrate();
    // The demo seed's time is a bench figure (about 5 s is the aim), not a test's assertion.
    const seedStarted = performance.now();
    await seedDemoIfEmpty(database.db);
    log(`  demo catalogue seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    let lastTenth = -1;
    await insertBulkListings(database.db, {
      count,
      onProgress: (inserted, total) => {
        const tenth = Math.floor((inserted / total) * 10);
        if (tenth !== lastTenth) log(`  ${inserted.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} listings`);
        lastTenth = tenth;
      },
    });
    await database.analyze({ vacuum: true });
  } finally {
    await database.close();
  }
}
