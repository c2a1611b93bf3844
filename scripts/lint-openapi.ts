// `npm test`'s OpenAPI step: writes the document GET /api/openapi.json serves and lints it with
// Redocly CLI's recommended rules (redocly.yaml, exceptions in .redocly.lint-ignore.yaml).
// Everything is local: the rules ship in the package, and telemetry and the update check are off.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../src/db/client';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';

// The document is made from the routes alone, on an empty in-memory database; migrated, since the
// app reads the operator's Site settings as it starts.
const database = await openDatabase({});
await database.migrate();
const app = await buildApp({ config: testConfig(), database });
await app.ready();
const response = await app.inject('/api/openapi.json');
await app.close();
await database.close();
if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);

// Where .redocly.lint-ignore.yaml expects it (dist/ is not committed).
const file = 'dist/openapi.json';
mkdirSync('dist', { recursive: true });
writeFileSync(file, response.body);
const { status } = spawnSync('npx', ['redocly', 'lint', file, '--config', 'redocly.yaml', '--max-problems', '1000'], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
process.exit(status ?? 1);
