import { describe, expect, it } from 'vitest';
import { cpuSecondsBetween, cpuSecondsOf } from './processes';
import { cpuText } from './report';

describe('the CPU a process used', () => {
  it('reads this process from /proc, grows as it works, and leaves out a process that is not there', () => {
    const before = cpuSecondsOf([process.pid, 2 ** 22 + 1]);
    expect([...before.keys()]).toEqual([process.pid]);
    // 0.2 s of this process's own CPU, however busy the machine is (a wall-clock loop on a loaded
    // machine may get a fraction of that).
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user + process.cpuUsage(start).system < 200_000) Math.sqrt(Math.random());
    const used = cpuSecondsBetween(before, cpuSecondsOf([process.pid]));
    // Ticks are hundredths of a second: 0.2 s of work reads as 0.1 s at the very least.
    expect(used).toBeGreaterThanOrEqual(0.1);
    expect(used).toBeLessThan(5);
  });

  it('counts only the processes present in both readings', () => {
    const before = new Map([[1, 2.5], [2, 1.0]]);
    const after = new Map([[1, 3.0], [3, 9.0]]);
    expect(cpuSecondsBetween(before, after)).toBeCloseTo(0.5);
  });

  it('says what was measured and what was not', () => {
    expect(cpuText({ serverMs: 1.234, databaseMs: 3.1 }, 'postgres')).toBe('CPU a search: the server 1.23 ms, the database 3.10 ms');
    expect(cpuText({ serverMs: 2 }, 'postgres')).toBe('CPU a search: the server 2.00 ms, the database not measured (not on this machine)');
    expect(cpuText({ serverMs: 9.456 }, 'pglite')).toBe('CPU a search: the server with its embedded database 9.46 ms');
    expect(cpuText({}, 'postgres')).toBe('CPU a search not measured (no /proc)');
  });
});
