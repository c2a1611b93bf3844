import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { productionNodeFlags } from '../scripts/production-node-flags.mjs';

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

/** What a bare server answers: the body's bytes and the headers that describe them. */
export type BareAnswer = { body: Buffer; headers: Record<string, string> };

const tinyJson: BareAnswer = { body: Buffer.from('{"ok":true}'), headers: { 'content-type': 'application/json' } };

/**
 * The ceiling: node:http answering a fixed body, in a process of its own like the real server.
 * By default an 11-byte JSON body; given a real answer's bytes, the ceiling for sending exactly
 * those (a 76 kB page costs the kernel and the client more than 11 bytes, whoever sends it).
 */
export async function startBareServer(port: number, answer: BareAnswer = tinyJson): Promise<Started> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
  const bodyFile = path.join(dir, 'body');
  writeFileSync(bodyFile, answer.body);
  const headers = { ...answer.headers, 'content-length': String(answer.body.length) };
  const code = `const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)}); const headers = ${JSON.stringify(headers)};
require('node:http').createServer((q, r) => { r.writeHead(200, headers); r.end(body); }).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForAnswer(url, child, 10_000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { url, pid: child.pid!, stop: stopper(child) };
}

/**
 * The compiled production server (dist/server), run by node as `npm start` runs it, from `cwd`'s
 * build (the working tree's by default; another commit's for `--against`). Resolves with its start-up time.
 */
export async function startProductionServer(port: number, env: Record<string, string>, cwd?: string): Promise<Started & { startupMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...productionNodeFlags, 'dist/server/server.js'], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', PUBLIC_READ_RATE_LIMIT_PER_MINUTE: '0', SIGNED_IN_READ_RATE_LIMIT_PER_MINUTE: '0', ...env },
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

/** Linux counts CPU time in /proc in USER_HZ ticks: 100 a second on every architecture Node runs on. */
const USER_HZ = 100;

/** The CPU seconds (user and system) each process has used so far; one gone or unreadable is left out. */
export function cpuSecondsOf(pids: readonly number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields are counted after the command name, which may hold spaces: from its closing parenthesis,
      // the state is field 3, so utime (14) and stime (15) are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / USER_HZ);
    } catch {
      // not on this machine (a remote database), or exited
    }
  }
  return used;
}

/** The CPU seconds used between two readings by the processes present in both. */
export function cpuSecondsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, used] of after) if (before.has(pid)) seconds += used - before.get(pid)!;
  return seconds;
}
