import { defineConfig } from 'vitest/config';
import { iconSprite } from './scripts/vite-icon-sprite.ts';

/**
 * Two kinds of test file, told apart by name:
 * - `*.unit.test.ts` opens no database (pure functions, rendering, parsing): the `unit` project runs
 *   it once. openTestDatabase() refuses to open one there, so a misnamed file fails loudly.
 * - every other `*.test.ts` may open one: it runs on in-memory PGlite (`pglite`), and again on
 *   PostgreSQL (`postgres`) when TEST_DATABASE_URL is set.
 * A file that is not sure is a plain `*.test.ts`: it then runs on both engines, which costs only time.
 */
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const files = ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'];
const unitFiles = '**/*.unit.test.ts';

// Test files share their worker's modules: with a fresh set per file, each file spent about 3 s
// loading the app before its first test (the whole suite on both engines 16-17 min on a slow
// machine, 8 without). Nothing a file sets up crosses to the next: each opens its own database,
// console spies are restored after every test, and no file mocks a module (vi.mock would leak
// into the files after it).
const shared = {
  environment: 'node' as const,
  setupFiles: ['test/setup.ts'],
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        // Tests render the web client from its sources (modules/pages), whose icons import the sprite's address.
        plugins: [iconSprite()],
        test: { ...shared, name: 'unit', include: [unitFiles], env: { TEST_DB_ENGINE: 'none' } },
      },
      ...engines.map((engine) => ({
        plugins: [iconSprite()],
        test: {
          ...shared,
          name: engine,
          include: files,
          // Tests of the server process run it on its own embedded database: once is enough. Tests
          // of several servers on one PostgreSQL (*.postgres.test.ts) need the server. The write-route
          // fuzz (10,000 requests) runs once too: on both engines it would double its CI time.
          exclude: [unitFiles, ...(engine === 'pglite' ? ['**/*.postgres.test.ts'] : ['**/*.process.test.ts', '**/*.fuzz.test.ts'])],
          env: { TEST_DB_ENGINE: engine },
          // Each PGlite test file's database starts from one migrated copy made for the run.
          // Each PostgreSQL test file's database is a copy of one migrated template.
          globalSetup: [engine === 'pglite' ? 'test/migrated-pglite.global.ts' : 'test/migrated-postgres.global.ts'],
        },
      })),
    ],
  },
});
