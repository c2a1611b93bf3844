/**
 * `npx tsx bench/long-tail-run.ts [--listings 100000] [--seconds 5]`: only the benchmark's
 * long tail (long-tail.ts), cache on and off, on a scratch database seeded as `npm run bench`
 * seeds it; prints its table and writes nothing. For measuring a change to search without the
 * whole benchmark's quarter of an hour.
 */
import { parseArgs } from 'node:util';
import { longTailTable, measureLongTail } from './long-tail';
import { startProductionServer } from './processes';
import { createScratchDatabase, fillScratchDatabase } from './scratch-database';

const { values } = parseArgs({ options: { listings: { type: 'string', default: '100000' }, seconds: { type: 'string', default: '5' } } });
const listings = Number(values.listings);
const seconds = Number(values.seconds);
const log = (line: string) => console.log(line);

async function main() {
  const scratch = await createScratchDatabase(process.env.DATABASE_URL);
  const port = 7100 + Math.floor(Math.random() * 800);
  try {
    log(`Seeding ${listings.toLocaleString('en-US')} listings into a scratch ${scratch.engine} database...`);
    await fillScratchDatabase(scratch, listings, log);
    const measure = async (env: Record<string, string>) => {
      const server = await startProductionServer(port, { ...scratch.env, ...env });
      try {
        return await measureLongTail(server.url, seconds, log);
      } finally {
        await server.stop();
      }
    };
    const cached = await measure({ PUBLIC_READ_RATE_LIMIT_PER_MINUTE: '0' });
    const uncached = await measure({ PUBLIC_READ_RATE_LIMIT_PER_MINUTE: '0', READ_CACHE_SECONDS: '0' });
    log(longTailTable({ cached, uncached }).join('\n'));
  } finally {
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
