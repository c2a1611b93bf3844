// `npm start`: build the client if it is not built yet, then run the production server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/web/index.html')) {
  console.log('Building the web client (first start only)...');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Settings may come from a .env file (see .env.example) as well as from the environment.
const envFile = existsSync('.env') ? ['--env-file=.env'] : [];
const server = spawn(process.execPath, [...envFile, '--import', 'tsx', 'src/server/server.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Pass stop signals on, so the server can finish requests and close the database cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
