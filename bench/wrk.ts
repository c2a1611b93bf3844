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

/** A wrk script asking for each path in turn; the headers given on the command line go with each. */
function roundRobinScript(paths: string[]) {
  return `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format(nil, paths[i])
end
`;
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
