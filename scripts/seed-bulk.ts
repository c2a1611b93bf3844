/**
 * `npm run seed:bulk -- --listings 100000`: fills the database the server would use with extra
 * approved listings, for scale work. Stop the server first when it runs on the embedded PGlite
 * database: PGlite's files belong to one process at a time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/db/client';
import { DEFAULT_BATCH_SIZE, insertBulkListings } from '../src/db/seed/bulk-listings';
import { seedDemoIfEmpty } from '../src/db/seed/demo';

const usage = 'Usage: npm run seed:bulk -- --listings <count> [--batch-size <rows per insert>]';

/** A mistake in the command line: the message is all the person needs. */
class UsageError extends Error {}

function positiveInteger(value: string | undefined, name: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new UsageError(`--${name} must be a whole number above 0.\n${usage}`);
  return parsed;
}

async function main() {
  let values: { listings?: string; 'batch-size'?: string };
  try {
    ({ values } = parseArgs({ options: { listings: { type: 'string' }, 'batch-size': { type: 'string' } } }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${usage}`);
  }
  const count = positiveInteger(values.listings, 'listings');
  const batchSize = positiveInteger(values['batch-size'], 'batch-size', DEFAULT_BATCH_SIZE);

  // The same settings as `npm start`: the environment, then a .env file if there is one.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
  console.log(`Adding ${count.toLocaleString('en-US')} listings to ${target}...`);

  const started = performance.now();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
    // As at server start-up, so a fresh database gets categories to spread the listings over.
    if (config.seedDemo && (await seedDemoIfEmpty(database.db)).seeded) console.log('  Seeded the demo catalogue into the empty database first.');
    let lastPercent = -1;
    const result = await insertBulkListings(database.db, {
      count,
      batchSize,
      onProgress: (inserted, total) => {
        const percent = Math.floor((inserted / total) * 100);
        if (percent === lastPercent) return;
        lastPercent = percent;
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(`  ${inserted.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} listings (${percent}%, ${seconds} s)`);
      },
    });
    // Fresh planner statistics and visibility map, so searches and browsing use their indexes straight away.
    await database.analyze({ vacuum: true });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Done: ${result.listings.toLocaleString('en-US')} listings from ${result.providers} generated providers in ${seconds} s.`);
  } finally {
    // PGlite writes its files out on close; an unclosed database can be left half-written.
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof UsageError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
