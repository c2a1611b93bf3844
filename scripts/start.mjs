// `npm start`: build the client and the server when either is missing or older than the sources,
// then run the compiled production server with plain node.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { productionNodeFlags } from './production-node-flags.mjs';

const outputs = ['dist/web/index.html', 'dist/server/server.js'];
// The icon sprite's plugin is part of the build (vite.config.ts imports it).
const sources = ['src', 'vite.config.ts', 'scripts/vite-icon-sprite.ts', 'package-lock.json'];

/** The newest modification time under a file or folder. */
function newest(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file).reduce((latest, name) => Math.max(latest, newest(path.join(file, name))), stat.mtimeMs);
}

const built = outputs.every((file) => existsSync(file));
const stale = built && Math.max(...sources.filter((file) => existsSync(file)).map(newest)) > Math.min(...outputs.map((file) => statSync(file).mtimeMs));
if (!built || stale) {
  console.log(built ? 'The sources changed since the last build: building again...' : 'Building the client and the server (first start only)...');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Settings may come from a .env file (see .env.example) as well as from the environment.
const envFile = existsSync('.env') ? ['--env-file=.env'] : [];
const server = spawn(process.execPath, [...envFile, ...productionNodeFlags, 'dist/server/server.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Pass stop signals on, so the server can finish requests and close the database cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
