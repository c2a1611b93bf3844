import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A server the benchmark started: where it answers and how to stop it. */
export type Started = { url: string; pid: number; stop: () => Promise<void> };

async function waitForAnswer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited with code ${child.exitCode} before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`);
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/** The ceiling: node:http answering a fixed JSON body, in a process of its own like the real server. */
export async function startBareServer(port: number): Promise<Started> {
  const code = `require('node:http').createServer((q, r) => { r.writeHead(200, { 'content-type': 'application/json' }); r.end('{"ok":true}'); }).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForAnswer(url, child, 10_000);
  return { url, pid: child.pid!, stop: stopper(child) };
}

/** The compiled production server (dist/server), as `npm start` runs it. Resolves with its start-up time. */
export async function startProductionServer(port: number, env: Record<string, string>): Promise<Started & { startupMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${url}/api/health`, child, 600_000);
  return { url, pid: child.pid!, startupMs: performance.now() - started, stop: stopper(child) };
}

/** Resident memory of a process now and at its peak, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return undefined;
  }
}
