import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/client';

/**
 * Migrates one PostgreSQL database for the whole run, named by TEST_PG_TEMPLATE, which
 * openTestDatabase copies for each test file (CREATE DATABASE … TEMPLATE): a copy takes a tenth of
 * a second, where running every migration took about half a second, once per test file.
 */
export default async function migratePostgresOnce() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL copies only a template no session is connected to.
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  await handle.close();
  process.env.TEST_PG_TEMPLATE = name;
  return () => admin(`drop database if exists ${name} with (force)`);
}
