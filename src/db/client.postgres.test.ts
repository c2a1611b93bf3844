import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-error';
import { openTestDatabase } from '../../test/test-database';

// The connections that live outside a request, the LISTEN connection and the start-up lock's, lose
// their backend without taking the process with them. Runs in the "postgres" project only.
const database = await openTestDatabase();
const handle = await database.openAnother();
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
await admin.connect();
afterAll(async () => {
  await admin.end();
  await handle.close();
  await database.close();
});

const current = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
const databaseName = current.rows[0]!.name;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 250; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never: ${what}`);
}

const pidWhere = (condition: string) => async () =>
  (await admin.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and ${condition}`, [databaseName])).rows[0]?.pid;

describe('connections of their own', () => {
  it('the LISTEN connection: its loss is heard, it listens again, and notifications arrive again', async () => {
    const changes: boolean[] = [];
    const messages: string[] = [];
    const subscription = await handle.listen('lost_connection_test', { onMessage: (payload) => messages.push(payload), onListeningChange: (listening) => changes.push(listening) });
    try {
      const pid = await waitFor('the LISTEN backend', pidWhere(`query ilike 'LISTEN%'`));
      await admin.query('select pg_terminate_backend($1, 5000)', [pid]);
      await waitFor('listening again', async () => (changes.length >= 3 ? true : undefined));
      expect(changes).toEqual([true, false, true]);

      await database.db.execute(sql`select pg_notify('lost_connection_test', 'after')`);
      await waitFor('the notification', async () => (messages.includes('after') ? true : undefined));
    } finally {
      await subscription.close();
    }
  });

  it('the start-up lock: its connection lost during the work fails the start-up, not the process', async () => {
    const outcome = await handle
      .exclusively(async () => {
        const pid = await waitFor('the lock holder', async () => (await admin.query<{ pid: number }>(`select pid from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = $1)`, [databaseName])).rows[0]?.pid);
        await admin.query('select pg_terminate_backend($1, 5000)', [pid]);
        await new Promise((resolve) => setTimeout(resolve, 100));
      })
      .catch((e: unknown) => e);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    // The lock went with the connection: the next start-up takes it at once.
    expect(await handle.exclusively(async () => 'ran')).toBe('ran');
  });
});

describe('the pool', () => {
  it('plans no parallel workers: a request shares the cores with the others under way', async () => {
    const setting = (await handle.db.execute(sql`show max_parallel_workers_per_gather`)) as unknown as { rows: { max_parallel_workers_per_gather: string }[] };
    expect(setting.rows[0]!.max_parallel_workers_per_gather).toBe('0');
  });
});

