import { afterEach, beforeEach, vi } from 'vitest';

/**
 * React's Web Streams renderer (entry-server.tsx), in its development build only, says this once
 * per process when it writes an empty attribute (an empty search box's value=""): Node 20 cannot
 * tell an empty buffer from a transferred one (ArrayBuffer.prototype.detached arrived in Node 22).
 * Not a fault of ours, production builds never say it, and Node 22 and 24 never do.
 */
const isNode20EmptyBufferWarning = (args: unknown[]) => typeof args[0] === 'string' && args[0].startsWith('React encountered an empty buffer when writing in an environment that does not support ArrayBuffer.prototype.detached');

// An unexpected console.error is a bug somewhere: fail the test that caused it.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!isNode20EmptyBufferWarning(args)) errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${errors.map((a) => a.join(' ')).join('\n')}`);
});
