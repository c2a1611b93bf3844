import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { type DatabaseHandle } from '../src/db/client';
import { buildApp } from '../src/server/app';
import { type Config, testConfig } from '../src/server/config';
import { openTestDatabase, type TestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  db: DatabaseHandle['db'];
  config: Config;
};

/** The real app on a fresh database, closed after the file's tests. Call once per test file. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = testConfig({ authRateLimitPerMinute: 1000, ...overrides });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, db: database.db, config };
}

/** The session cookie a login or register answer set, ready for the next request's headers. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no session cookie in answer ${response.statusCode}: ${response.body}`);
  return `sid=${cookie.value}`;
}
