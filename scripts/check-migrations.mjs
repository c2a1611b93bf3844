// Fails when the schema has changed without a migration: generates into a scratch copy and looks for new files.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'migrations-check-'));
cpSync('src/db/migrations', scratch, { recursive: true });
const before = readdirSync(scratch).length;
const result = spawnSync(
  'npx',
  ['drizzle-kit', 'generate', '--dialect=postgresql', '--schema=./src/db/schema/index.ts', `--out=${scratch}`, '--name=drift'],
  { encoding: 'utf8' },
);
const after = readdirSync(scratch).length;
rmSync(scratch, { recursive: true, force: true });
if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
if (after !== before) {
  console.error('The schema in src/db/schema differs from the migrations: run "npm run db:generate" and commit the result.');
  process.exit(1);
}
console.log('Migrations match the schema.');
