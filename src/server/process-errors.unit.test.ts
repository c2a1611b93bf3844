import { describe, expect, it, vi } from 'vitest';
import { handleProcessError } from './process-errors';

function run(error: unknown) {
  const log = { warn: vi.fn(), fatal: vi.fn() };
  const exit = vi.fn();
  handleProcessError('uncaught exception', error, log, exit);
  return { log, exit };
}

describe('the last-resort policy for uncaught errors', () => {
  it('keeps serving after a lost database connection, and logs it', () => {
    const terminated = Object.assign(new Error('terminating connection due to unexpected postmaster exit'), { code: '57P01' });
    for (const error of [terminated, new Error('Connection terminated unexpectedly'), Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })]) {
      const { log, exit } = run(error);
      expect(exit).not.toHaveBeenCalled();
      expect(log.warn).toHaveBeenCalledWith({ err: error }, expect.stringContaining('keeps running'));
    }
  });

  it('logs and exits with 1 on anything else', () => {
    for (const error of [new TypeError("Cannot read properties of undefined (reading 'id')"), Object.assign(new Error('duplicate key'), { code: '23505' }), 'a string']) {
      const { log, exit } = run(error);
      expect(log.fatal).toHaveBeenCalledWith({ err: error }, 'uncaught exception: exiting');
      expect(exit).toHaveBeenCalledWith(1);
    }
  });
});
