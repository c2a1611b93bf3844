import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The real server process, as `npm start` runs it: start-up, health, and a clean stop on SIGTERM
// that leaves the embedded database whole for the next start.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lifecycle-test-'));
const port = 5900 + Math.floor(Math.random() * 90);
let child: ChildProcess | undefined;

function startServer(env: Record<string, string> = {}) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (chunk) => (output += chunk));
  proc.stderr!.on('data', (chunk) => (output += chunk));
  child = proc;
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, exited, output: () => output };
}

// A first start migrates and seeds the demo catalogue: on a busy shared machine that took over 20 s.
const HEALTHY_WITHIN_MS = 90_000;

async function waitForHealth() {
  for (const deadline = Date.now() + HEALTHY_WITHIN_MS; Date.now() < deadline; ) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

describe('the server process', () => {
  it('starts, answers health, stops cleanly on SIGTERM and starts again on the same data', async () => {
    const first = startServer({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password' });
    expect((await waitForHealth()).status).toBe(200);
    first.proc.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer();
    await waitForHealth();
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-password' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { isAdmin: boolean }).isAdmin).toBe(true);
    second.proc.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 3 * HEALTHY_WITHIN_MS);

  it('refuses to start with a bad setting and names it', async () => {
    const bad = startServer({ PORT: 'not-a-port' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT');
  }, 30_000);
});
