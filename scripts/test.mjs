// `npm test`: everything CI checks, in three lanes side by side on the machine's cores:
// - the static checks, each a process of its own (and any extra step from TEST_BESIDE, JSON
//   [[name, command, ...args]]: CI runs the suites on a second Node version that way, .ci/run);
// - the browser lane: build, Playwright, then the JavaScript budgets, which read that build;
// - the main lane: the database and API checks in order, their output shown as it comes.
// The browser tests throttle Chromium's CPU 6x, so they wait more than they compute (about half a
// core): beside the unit and API tests they finish in about the same time, not after them.
// The benchmark's smoke run loads the machine with wrk, so it runs last, alone. The first failure
// of any step fails the run. A side lane's output is printed as one block when each step ends.
import { spawn } from 'node:child_process';

const besideSteps = [
  ['Typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['Lint', 'npx', ['eslint', '--max-warnings=0', '.']],
  ...JSON.parse(process.env.TEST_BESIDE ?? '[]').map(([name, command, ...args]) => [name, command, args]),
];
const browserLane = [
  ['Browser tests', 'node', ['scripts/e2e.mjs']],
  // Reads the build the browser tests made: each public page's first-visit JavaScript against its budget.
  ['JavaScript budgets of the public pages', 'node', ['scripts/check-js-budgets.mjs', '--build-if-missing']],
];
const mainLane = [
  ['Migrations match the schema', 'node', ['scripts/check-migrations.mjs']],
  ['No high or critical advisory in production dependencies', 'node', ['scripts/audit.mjs']],
  // The document GET /api/openapi.json serves, against Redocly CLI's recommended rules (redocly.yaml).
  ['OpenAPI lint', 'npx', ['tsx', 'scripts/lint-openapi.ts']],
  ['Unit and API tests', 'npx', ['vitest', 'run']],
  // Kills its own throwaway PostgreSQL cluster and a PGlite server under load (about a minute).
  ['Database faults', 'node', ['scripts/test-faults.mjs']],
];
const lastSteps = [
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

/** Runs one step; a side step's output is kept and printed as one block when it ends. */
function run([name, command, args], { shown }) {
  const started = Date.now();
  if (shown) console.log(`\n=== ${name} ===`);
  const child = spawn(command, args, { stdio: shown ? 'inherit' : ['ignore', 'pipe', 'pipe'], detached: true });
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
      if (!shown) {
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

async function lane(steps, options) {
  for (const step of steps) await run(step, options);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => fail(signal, 130));

await Promise.all([...besideSteps.map((step) => run(step, { shown: false })), lane(browserLane, { shown: false }), lane(mainLane, { shown: true })]);
await lane(lastSteps, { shown: true });
console.log(`\nnpm test: ok in ${seconds(runStarted)} s`);
