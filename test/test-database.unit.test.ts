import { expect, it } from 'vitest';
import { openTestDatabase } from './test-database';

// The unit project runs each file once, on no engine: a file that needs a database must say so by
// its name (*.test.ts), or it would silently test one engine only.
it('refuses to open a database in a *.unit.test.ts file', async () => {
  expect(process.env.TEST_DB_ENGINE).toBe('none');
  await expect(openTestDatabase()).rejects.toThrow(/unit\.test\.ts file runs once, without a database/);
});
