/**
 * Time and peak memory of the CSV export and import (issue 11) at catalogue scale: fills a fresh
 * database with N services (one category, generated providers), serves the real app on a port and
 * drives it over HTTP like the admin screen does.
 *
 *   npx tsx bench/import-export.ts [--listings 100000] [--postgres postgres://.../postgres]
 *
 * Without --postgres it runs on in-memory PGlite. The figures are in docs/benchmarks.md. Memory is
 * the whole process's resident set, sampled every 20 ms: server and client (which holds the file
 * it uploads) share it, so the server's own share is smaller.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { categories } from '../src/db/schema/categories';
import { users } from '../src/db/schema/users';
import { insertBulkListings } from '../src/db/seed/bulk-listings';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { hashPassword } from '../src/server/lib/passwords';

const { values } = parseArgs({ options: { listings: { type: 'string', default: '100000' }, postgres: { type: 'string' } } });
const count = Number(values.listings);
const DB_NAME = 'bench_csv_import';

async function openBenchDatabase() {
  if (!values.postgres) return openDatabase({});
  const admin = new pg.Client({ connectionString: values.postgres });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(values.postgres);
  url.pathname = `/${DB_NAME}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: values.postgres });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${DB_NAME} with (force)`);
      await cleanup.end();
    },
  };
}

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Runs one step and prints its time and the peak resident memory during it. */
async function measure<T>(label: string, step: () => Promise<T>): Promise<T> {
  global.gc?.();
  peak = process.memoryUsage().rss;
  const before = peak;
  const started = performance.now();
  const result = await step();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${label}: ${seconds} s, peak RSS ${mb(peak)} (${mb(before)} before)`);
  return result;
}

const database = await openBenchDatabase();
try {
  await database.migrate();
  const { db } = database;
  await db.insert(categories).values({ type: 'services', name: 'Bench services', slug: 'bench-services' });
  const password = 'bench-password';
  await db.insert(users).values({ id: randomUUID(), slug: 'bench-admin', email: 'admin@bench.test', passwordHash: await hashPassword(password), firstName: 'Bench', lastName: 'Admin', isAdmin: true });
  await measure(`fill ${count.toLocaleString('en-US')} services (seed:bulk)`, () => insertBulkListings(db, { count, seed: 11 }));
  await database.analyze();

  const app = await buildApp({ config: testConfig({ authRateLimitPerMinute: 1000 }), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@bench.test', password }) });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

  const file = '/tmp/bench-services.csv';
  await measure('export (GET listings.csv, streamed to a file)', async () => {
    const res = await fetch(`${base}/api/admin/export/listings.csv?type=services`, { headers: { cookie, 'accept-encoding': 'identity' } });
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(file));
  });
  console.log(`  file: ${mb((await stat(file)).size)}`);

  const post = (csv: string, dryRun: boolean) =>
    fetch(`${base}/api/admin/import/listings?dryRun=${dryRun}`, { method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: csv }).then(async (res) => {
      const body = (await res.json()) as { created: number; updated: number; unchanged: number; errorCount: number };
      console.log(`  ${res.status} ${JSON.stringify(body).slice(0, 160)}`);
    });

  const exported = await readFile(file, 'utf8');
  await measure('dry run of the exported file (all unchanged)', () => post(exported, true));
  const renamed = exported.replace(/\r\n(\d+),([a-z0-9-]+),services,approved,/g, (_m, id: string, slug: string) => `\r\n${id},${slug},services,approved,v2 `);
  await measure('real import, every title changed (100% updates)', () => post(renamed, false));
  const copies = exported.replace(/\r\n(\d+),([a-z0-9-]+),/g, (_m, id: string, slug: string) => `\r\n${id},${slug}-copy,`);
  await measure('real import, every slug new (100% creates)', () => post(copies, false));
  await app.close();
} finally {
  clearInterval(sampler);
  await database.close();
}
