// `npm test`: everything CI checks, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['Lint', 'npx', ['eslint', '--max-warnings=0', '.']],
  ['Migrations match the schema', 'node', ['scripts/check-migrations.mjs']],
  ['No high or critical advisory in production dependencies', 'node', ['scripts/audit.mjs']],
  // The document GET /api/openapi.json serves, against Redocly CLI's recommended rules (redocly.yaml).
  ['OpenAPI lint', 'npx', ['tsx', 'scripts/lint-openapi.ts']],
  ['Unit and API tests', 'npx', ['vitest', 'run']],
  // Kills its own throwaway PostgreSQL cluster and a PGlite server under load (about a minute).
  ['Database faults', 'node', ['scripts/test-faults.mjs']],
  ['Browser tests', 'node', ['scripts/e2e.mjs']],
  // Reads the build the browser tests made: each public page's first-visit JavaScript against its budget.
  ['JavaScript budgets of the public pages', 'node', ['scripts/check-js-budgets.mjs', '--build-if-missing']],
  // Keeps `npm run bench` working (2,000 listings, 1 s runs, on the configured database); figures are not judged.
  ['Benchmark smoke run', 'npx', ['tsx', 'bench/bench.ts', '--smoke']],
];

for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  console.log(`--- ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (status !== 0) process.exit(status ?? 1);
}
