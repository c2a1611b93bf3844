/**
 * Time and peak memory of the CSV export and import at catalogue scale: fills a scratch
 * database with N listings (the demo catalogue plus the bulk generator, as `npm run bench` does),
 * starts the compiled production server in a process of its own and drives it over HTTP as the
 * admin screen does: export both types, dry run, then real imports (every title changed; every
 * slug new).
 *
 *   npm run build && npx tsx bench/import-export.ts [--listings 100000]
 *
 * On PostgreSQL when DATABASE_URL is set (a scratch database beside it), else PGlite. Memory is
 * the server process's own peak resident set during each step (Linux: VmHWM, reset before each
 * step through /proc/<pid>/clear_refs). The figures are in docs/benchmarks.md.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { memoryOf, startProductionServer } from './processes';
import { createScratchDatabase, fillScratchDatabase } from './scratch-database';
import type { ListingType } from '../src/shared/types';

const { values } = parseArgs({ options: { listings: { type: 'string', default: '100000' } } });
const count = Number(values.listings);
if (!existsSync('dist/server/server.js')) throw new Error('Build first: npm run build');

const admin = { email: 'csv-bench@example.com', password: 'csv-bench-password' };
const types: ListingType[] = ['services', 'tools'];

/** Runs one step and prints its time and the server's peak resident memory during it. */
async function measure<T>(pid: number, label: string, step: () => Promise<T>): Promise<T> {
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
  const before = memoryOf(pid)!.rssMb;
  const started = performance.now();
  const result = await step();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`| ${label} | ${seconds} s | ${memoryOf(pid)!.peakMb} MB (${before} MB before) |`);
  return result;
}

const scratch = await createScratchDatabase(process.env.DATABASE_URL);
try {
  console.log(`Seeding ${count.toLocaleString('en-US')} listings into a scratch ${scratch.engine} database...`);
  await fillScratchDatabase(scratch, count, console.log);
  const server = await startProductionServer(5098, { ...scratch.env, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  try {
    const base = server.url;
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    if (!login.ok) throw new Error(`login: ${login.status}`);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

    console.log('| step | time | server peak RSS |\n| --- | ---: | ---: |');
    const files: Record<string, string> = {};
    for (const type of types) {
      files[type] = await measure(server.pid, `export ${type} (GET listings.csv)`, async () => {
        const res = await fetch(`${base}/api/admin/export/listings.csv?type=${type}`, { headers: { cookie, 'accept-encoding': 'identity' } });
        if (!res.ok) throw new Error(`export ${type}: ${res.status}`);
        return res.text();
      });
    }
    const rows = (csv: string) => csv.split('\r\n').length - 2;
    const megabytes = (csv: string) => (Buffer.byteLength(csv) / 1024 / 1024).toFixed(0);
    console.log(types.map((type) => `${type}: ${rows(files[type]!).toLocaleString('en-US')} rows, ${megabytes(files[type]!)} MB`).join('; '));

    const post = async (type: string, csv: string, dryRun: boolean) => {
      const res = await fetch(`${base}/api/admin/import/listings?dryRun=${dryRun}`, { method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: csv });
      const body = (await res.json()) as { created: number; updated: number; unchanged: number; errorCount: number; message?: string };
      if (!res.ok || body.errorCount > 0) throw new Error(`import ${type}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    };
    // The columns start id,slug,type,status,title (quoted when it holds a comma): change the title, or give every row a new slug.
    const retitled = (csv: string) => csv.replace(/\r\n(\d+),([^,\r\n]+),(services|tools),(\w+),("?)/g, '\r\n$1,$2,$3,$4,$5v2 ');
    const copied = (csv: string) => csv.replace(/\r\n(\d+),([^,\r\n]+),/g, '\r\n,$2-copy,');
    for (const type of types) {
      const file = files[type]!;
      const dry = await measure(server.pid, `dry run of the ${type} file (all unchanged)`, () => post(type, file, true));
      const updated = await measure(server.pid, `import ${type}, every title changed`, () => post(type, retitled(file), false));
      const created = await measure(server.pid, `import ${type}, every slug new`, () => post(type, copied(file), false));
      console.log(`${type}: dry run ${dry.unchanged} unchanged; ${updated.updated} updated; ${created.created} created`);
    }
  } finally {
    await server.stop();
  }
} finally {
  await scratch.drop();
}
