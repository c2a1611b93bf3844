// Browser tests: build the client and the server, then run Playwright against the compiled production server on the system Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const hint = 'install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)';
  if (process.env.CI === 'true') {
    console.error(`Browser tests need Chromium at ${chromium}: ${hint}`);
    process.exit(1);
  }
  console.log(`Browser tests skipped: no Chromium at ${chromium}; ${hint}.`);
  process.exit(0);
}

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
const built = run('npx', ['vite', 'build', '--logLevel', 'warn']);
if (built !== 0) process.exit(built);
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
