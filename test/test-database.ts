import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/client';

export type TestDatabase = DatabaseHandle & {
  /**
   * A second handle on the same database, as a second server would open (its own pool and
   * listener on PostgreSQL; PGlite is one process, so there it shares the first one's engine).
   * Closing it leaves the database open.
   */
  openAnother: () => Promise<DatabaseHandle>;
};

/**
 * A freshly migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server at TEST_DATABASE_URL when the suite runs in its "postgres" project.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_ENGINE === 'none') {
    throw new Error('A *.unit.test.ts file runs once, without a database: name a file that opens one *.test.ts (vitest.config.ts)');
  }
  const serverUrl = process.env.TEST_DB_ENGINE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    // Started from the run's migrated copy when there is one (test/migrated-pglite.global.ts);
    // migrate() then finds nothing left to do.
    const migrated = process.env.TEST_PGLITE_MIGRATED;
    const handle = await openDatabase(migrated ? { from: new Blob([readFileSync(migrated)]) } : {});
    await handle.migrate();
    return { ...handle, openAnother: async () => ({ ...handle, close: async () => {} }) };
  }

  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // The run's migrated template (test/migrated-postgres.global.ts), when the run made one.
  const template = process.env.TEST_PG_TEMPLATE;
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  // A no-op on a copy of the template; it migrates a database made without one.
  await handle.migrate();
  return {
    ...handle,
    openAnother: () => openDatabase({ url: url.toString() }),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
