import { describe, expect, it } from 'vitest';
import type { Executor } from '../../../db/client';
import { keptAMinute } from './kept-a-minute';

// Any object stands for a database: the values are kept per database, by identity.
const database = () => ({}) as Executor;

describe('a value kept a minute', () => {
  it('is loaded once a minute, and answered while the next one loads', async () => {
    const db = database();
    let clock = 0;
    let loads = 0;
    let release: (value: number) => void = () => {};
    const load = () => {
      loads += 1;
      return loads === 1 ? Promise.resolve(1) : new Promise<number>((resolve) => (release = resolve));
    };
    const ask = () => keptAMinute(db, 'k', load, () => clock);
    expect(await ask()).toBe(1);
    clock = 59_999;
    expect(await ask()).toBe(1);
    expect(loads).toBe(1);
    // Past the minute: the kept value at once, one refresh under way however many ask.
    clock = 60_000;
    expect(await ask()).toBe(1);
    expect(await ask()).toBe(1);
    expect(loads).toBe(2);
    release(2);
    await Promise.resolve();
    expect(await ask()).toBe(2);
    expect(loads).toBe(2);
  });

  it('asks again after a failed first look-up, and keeps the old value through a failed refresh', async () => {
    const db = database();
    let clock = 0;
    const answers: (() => Promise<number>)[] = [() => Promise.reject(new Error('down')), () => Promise.resolve(1), () => Promise.reject(new Error('down')), () => Promise.resolve(3)];
    const ask = () => keptAMinute(db, 'k', () => answers.shift()!(), () => clock);
    await expect(ask()).rejects.toThrow('down');
    expect(await ask()).toBe(1);
    clock = 60_000;
    expect(await ask()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The failed refresh waits for the next minute before trying again.
    expect(await ask()).toBe(1);
    expect(answers).toHaveLength(1);
    clock = 120_000;
    expect(await ask()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await ask()).toBe(3);
  });
});
