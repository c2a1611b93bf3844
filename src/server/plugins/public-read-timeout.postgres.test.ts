import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { openTestDatabase } from '../../../test/test-database';
import { PUBLIC_READ_TIMEOUT_MESSAGE, registerErrorHandler } from './error-handler';

// A public read past PUBLIC_READ_TIMEOUT_MS on PostgreSQL: cancelled by the database, answered at
// once. Runs in the "postgres" project only (PGlite has no statement timeout to cancel with).
const database = await openTestDatabase();
const current = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
const url = new URL(process.env.TEST_DATABASE_URL!);
url.pathname = `/${current.rows[0]!.name}`;
const timed = await openDatabase({ url: url.toString(), publicReadTimeoutMs: 200 });
const app = Fastify({ logger: false });
registerErrorHandler(app);
app.get('/slow-public-read', async () => timed.reads.execute(sql`select pg_sleep(2)`));
afterAll(async () => {
  await app.close();
  await timed.close();
  await database.close();
});

describe('the public reads', () => {
  it('are cancelled past their statement timeout and answered 503 at once; the primary pool has no such limit', async () => {
    const started = Date.now();
    const answer = await app.inject({ url: '/slow-public-read' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ message: PUBLIC_READ_TIMEOUT_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1_500);
    // Writes, imports and a person's own pages read on the primary's pool, which waits as long as it takes.
    await expect(timed.db.execute(sql`select pg_sleep(0.4)`)).resolves.toBeDefined();
  });
});
