// `npm test`: everything CI checks. The static checks run beside the rest (each a process of its
// own whose output is printed when it ends); the other steps run in order, and the first failure of
// any step fails the run. Extra beside steps come from TEST_BESIDE (JSON [[name, command, ...args]]):
// CI runs the suites on a second Node version that way (.ci/run).
import { spawn } from 'node:child_process';

const beside = [
  ['Typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['Lint', 'npx', ['eslint', '--max-warnings=0', '.']],
  ...JSON.parse(process.env.TEST_BESIDE ?? '[]').map(([name, command, ...args]) => [name, command, args]),
];
const inOrder = [
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

const runStarted = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const children = new Set();
const fail = (name, status) => {
  console.log(`\nnpm test FAILED at "${name}" after ${seconds(runStarted)} s`);
  // Each step leads a process group of its own: end it with everything it started.
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(status || 1);
};

/** Runs one step; a beside step's output is kept and printed as one block when it ends. */
function run([name, command, args], { beside: isBeside }) {
  const started = Date.now();
  if (!isBeside) console.log(`\n=== ${name} ===`);
  const child = spawn(command, args, { stdio: isBeside ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: true });
  children.add(child);
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.log(`--- ${name}: FAILED to start (${error.message})`);
      fail(name, 1);
    });
    child.on('close', (status, signal) => {
      children.delete(child);
      if (isBeside) {
        console.log(`\n=== ${name} (beside the other steps) ===`);
        process.stdout.write(Buffer.concat(output));
      }
      const code = status ?? (signal ? 1 : 0);
      console.log(`--- ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(started)} s`);
      if (code !== 0) fail(name, code);
      resolve();
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => fail(signal, 130));

const besideDone = Promise.all(beside.map((step) => run(step, { beside: true })));
for (const step of inOrder) await run(step, { beside: false });
await besideDone;
console.log(`\nnpm test: ok in ${seconds(runStarted)} s`);
