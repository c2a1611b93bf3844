import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue';

describe('SerialQueue', () => {
  it('runs tasks one at a time, in order, and keeps going after a failure', async () => {
    const queue = new SerialQueue();
    const owner = {};
    const log: string[] = [];
    let running = 0;
    const task = (name: string, fail = false) => async () => {
      running++;
      expect(running).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(name);
      running--;
      if (fail) throw new Error('boom');
    };
    queue.enqueue(owner, task('a'));
    queue.enqueue(owner, task('b', true));
    queue.enqueue(owner, task('c'));
    await queue.whenIdle();
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('stop() aborts the owner\'s running task, drops its waiting ones and leaves others alone', async () => {
    const queue = new SerialQueue();
    const [mine, theirs] = [{}, {}];
    const log: string[] = [];
    queue.enqueue(mine, (signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => (log.push('aborted'), resolve()))));
    queue.enqueue(mine, async () => void log.push('dropped'));
    queue.enqueue(theirs, async () => void log.push('theirs'));
    await queue.stop(mine);
    await queue.whenIdle();
    expect(log).toEqual(['aborted', 'theirs']);
  });
});
