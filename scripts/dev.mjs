// `npm run dev`: Vite with hot reload on PORT (default 5000), the API restarted on change behind it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? String(Number(port) + 1);
const env = { ...process.env, NODE_ENV: 'development', API_PORT: apiPort };

const children = [
  spawn(process.execPath, [...(existsSync('.env') ? ['--env-file=.env'] : []), '--import', 'tsx', '--watch', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, HOST: '127.0.0.1', SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}` },
  }),
  spawn('npx', ['vite', '--port', port, '--strictPort'], { stdio: 'inherit', env }),
];

const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });
