import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-app';
import { categories } from '../src/db/schema/index';
import { createUser } from './factories';

// A write whose connection is cut mid-transaction answers 503 with a message, and the server goes
// on serving: the same write succeeds once the database answers again. Runs in the "postgres"
// project only (PGlite has no connections to lose).
const { app, db } = await createTestApp();
const admin = await createUser(app, db, { isAdmin: true });
const current = (await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
const databaseName = current.rows[0]!.name;

// A connection of its own to the test's database, beside the app's pool.
const locker = new pg.Client({ connectionString: Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${databaseName}` }).toString() });
await locker.connect();
afterAll(() => locker.end());

const createCategory = (slug: string) =>
  app.inject({ method: 'POST', url: '/api/categories', headers: { cookie: admin.cookie }, payload: { name: `Category ${slug}`, slug, type: 'services' } });

/** The backend of this database waiting for a lock: the category write, between its two inserts. */
async function blockedBackend(): Promise<number> {
  for (let i = 0; i < 250; i++) {
    // Inside a transaction the activity view is a snapshot taken once: take a new one each time.
    await locker.query('select pg_stat_clear_snapshot()');
    const { rows } = await locker.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and state = 'active' and xact_start < query_start`,
      [databaseName],
    );
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the category write never waited for the audit log');
}

describe('a connection lost in the middle of a write transaction', () => {
  it('answers that write 503 with a JSON message, and the next write goes through', async () => {
    // The category is inserted, then its audit entry waits for this lock: the transaction is open.
    await locker.query('begin');
    await locker.query(`lock table audit_log in exclusive mode`);
    const write = createCategory('cut-off');
    const pid = await blockedBackend();
    await locker.query('select pg_terminate_backend($1, 5000)', [pid]);
    await locker.query('rollback');

    const res = await write;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: expect.any(String) });

    const again = await createCategory('cut-off');
    expect(again.statusCode).toBe(201);
    const kept = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.slug, 'cut-off'));
    expect(kept).toEqual([{ slug: 'cut-off' }]);
  });
});
