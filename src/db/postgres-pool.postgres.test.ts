import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-error';
import { createPool } from './postgres-pool';

// A connection that dies while a request holds it (PostgreSQL restarted, the backend terminated)
// must fail that request and never the process: node-postgres emits 'error' on the client, and an
// 'error' with no listener is thrown. Runs in the "postgres" project only.
const url = process.env.TEST_DATABASE_URL!;
const lost: Error[] = [];
const pool = createPool({ connectionString: url, max: 3 }, (error) => lost.push(error));
const admin = new pg.Client({ connectionString: url });
await admin.connect();
afterAll(async () => {
  await pool.end();
  await admin.end();
});

/** Terminates a backend, waiting until it is gone, then until its client has heard. */
async function terminate(pid: number) {
  const heard = lost.length;
  await admin.query('select pg_terminate_backend($1, 5000)', [pid]);
  for (let i = 0; i < 100 && lost.length === heard; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(lost.length).toBeGreaterThan(heard);
}

const backendPid = async (client: { query: pg.ClientBase['query'] }) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

describe('a connection lost while a request holds it', () => {
  it('fails the holder\'s next statement as "database unavailable", and the pool drops it even if never released', async () => {
    const client = await pool.connect();
    await client.query('begin');
    await terminate(await backendPid(client));

    // The error arrived with no statement running (idle in transaction): it reached our listener.
    expect(lost.at(-1)).toMatchObject({ code: '57P01' });
    const error = await client.query('select 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Dropped already: a holder that never releases it (drizzle, when BEGIN fails) keeps no place.
    expect(pool.totalCount).toBe(0);
    // A late release is harmless.
    expect(() => client.release()).not.toThrow();
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('fails a drizzle transaction cut off between its statements, and the pool serves the next one', async () => {
    const db = drizzle(pool);
    const outcome = await db
      .transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        await terminate(rows[0]!.pid);
        await tx.execute(sql`select 1`);
      })
      .catch((e: unknown) => e);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    const { rows } = await db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('fails a statement that was running when its backend was terminated', async () => {
    const client = await pool.connect();
    const pid = await backendPid(client);
    const running = client.query('select pg_sleep(5)').catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await terminate(pid);
    expect(isDatabaseUnavailable(await running)).toBe(true);
    client.release();
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('keeps every place of the pool through more losses than it has places', async () => {
    for (let i = 0; i < 5; i++) {
      const client = await pool.connect();
      await terminate(await backendPid(client));
      // Never released, as a holder whose first statement failed.
    }
    expect(pool.totalCount).toBe(0);
    const answers = await Promise.all([1, 2, 3].map((n) => pool.query<{ n: number }>('select $1::int as n', [n])));
    expect(answers.map((answer) => answer.rows[0]!.n)).toEqual([1, 2, 3]);
  });
});
