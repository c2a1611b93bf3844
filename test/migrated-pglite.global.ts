import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client';

/**
 * Migrates one in-memory PGlite database for the whole run and leaves its dump in a file named by
 * TEST_PGLITE_MIGRATED, which openTestDatabase starts each test file's database from: loading the
 * dump takes about a second, where running every migration took three to six (the full-text and
 * trigram indexes, functions and triggers), once per test file.
 */
export default async function migratePgliteOnce() {
  const handle = await openDatabase({});
  await handle.migrate();
  // drizzle's $client is the PGlite it wraps.
  const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrated-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.TEST_PGLITE_MIGRATED = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
