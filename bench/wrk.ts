import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The load generator: wrk (a Debian package), one thread, keep-alive connections. It reads an
 * answer's bytes without decoding them. autocannon, which the bench used before, keeps every body
 * as a JavaScript string: on these two cores its own UTF-8 decoding of a 10 kB compressed page
 * was the bottleneck, so any page measured the client (docs/decisions/benchmark-load.md).
 */
export const WRK = process.env.WRK_PATH ?? 'wrk';

/** Whether wrk can be run here; the reason when it cannot. */
export function wrkMissing(): string | undefined {
  const run = spawnSync(WRK, ['-v'], { encoding: 'utf8' });
  if (run.error) return `${WRK} could not be run (${run.error.message}): install it with apt-get install -y wrk, or set WRK_PATH`;
  return /wrk/.test(run.stdout + run.stderr) ? undefined : `${WRK} -v did not say it is wrk`;
}

export type LoadResult = { rps: number; p50: number; p99: number; requests: number };

export type LoadOptions = {
  /** The server, e.g. http://127.0.0.1:7100. */
  base: string;
  /** Requested in turn, one per request; a single path goes without a script, as fast as wrk can. */
  paths: string[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
};

/** Requests per second and latency percentiles (ms) at `connections`, after nothing: warm up first. */
export function runWrk({ base, paths, headers = {}, connections, seconds }: LoadOptions): LoadResult {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const dir = paths.length > 1 ? mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-')) : undefined;
  try {
    if (dir) {
      const script = path.join(dir, 'paths.lua');
      writeFileSync(script, roundRobinScript(paths));
      args.push('-s', script);
    }
    args.push(base + paths[0]);
    const run = spawnSync(WRK, args, { encoding: 'utf8' });
    if (run.error || run.status !== 0) throw new Error(`wrk ${args.join(' ')}: ${run.error?.message ?? run.stderr}`);
    return parseWrkOutput(run.stdout, `${base}${paths[0]}`);
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A wrk script asking for each path in turn; the headers given on the command line go with each.
 * Its done() prints the 50th, 95th and 99th percentiles in microseconds (wrk's own report has no 95th).
 */
function roundRobinScript(paths: string[]) {
  return `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format(nil, paths[i])
end
done = function(summary, latency, requests)
  io.write(string.format("percentiles: %d %d %d\\n", latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;
}

/** The percentiles (ms) a round-robin script's done() printed. */
export function parseScriptPercentiles(output: string, what: string): { p50: number; p95: number; p99: number } {
  const printed = /^percentiles: (\d+) (\d+) (\d+)$/m.exec(output);
  if (!printed) throw new Error(`${what}: no percentiles from the script in wrk's report:\n${output}`);
  const [p50, p95, p99] = printed.slice(1).map((us) => Number(us) / 1000) as [number, number, number];
  return { p50, p95, p99 };
}

/**
 * One user: the paths in turn, one request at a time on one connection, for `seconds`; the 50th
 * and 95th percentiles (ms). wrk times each request from sending it to reading the whole answer,
 * and spends microseconds of its own on it, where a Node client on the same two cores (fetch)
 * spent about 2 ms inside each timing (docs/decisions/benchmark-load.md).
 */
export function timeOneAtATime({ base, paths, headers = {}, seconds }: Omit<LoadOptions, 'connections'>): { p50: number; p95: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  try {
    const script = path.join(dir, 'paths.lua');
    writeFileSync(script, roundRobinScript(paths));
    const args = ['-t1', '-c1', `-d${seconds}s`, '--latency', '--timeout', '10s', '-s', script];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    args.push(base + paths[0]);
    const run = spawnSync(WRK, args, { encoding: 'utf8' });
    if (run.error || run.status !== 0) throw new Error(`wrk ${args.join(' ')}: ${run.error?.message ?? run.stderr}`);
    // Fails the run on a socket error or an answer that was not 2xx or 3xx.
    parseWrkOutput(run.stdout, `${base}${paths[0]}`);
    const { p50, p95 } = parseScriptPercentiles(run.stdout, `${base}${paths[0]}`);
    return { p50, p95 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const unitMs: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** Reads wrk's report; fails on any socket error or an answer that was not 2xx or 3xx. */
export function parseWrkOutput(output: string, what: string): LoadResult {
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  if (socketErrors && socketErrors.slice(1).some((n) => Number(n) > 0)) throw new Error(`${what}: ${socketErrors[0]}`);
  const refused = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  if (refused) throw new Error(`${what}: ${refused[1]} answers were not 2xx or 3xx`);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
    if (!match) throw new Error(`${what}: no ${p}th percentile in wrk's report:\n${output}`);
    return Number(match[1]) * unitMs[match[2]!]!;
  };
  if (!rps) throw new Error(`${what}: no Requests/sec in wrk's report:\n${output}`);
  const requests = /^\s+(\d+) requests in /m.exec(output);
  if (!requests) throw new Error(`${what}: no request count in wrk's report:\n${output}`);
  return { rps: Number(rps[1]), p50: percentile(50), p99: percentile(99), requests: Number(requests[1]) };
}
