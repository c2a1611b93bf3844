import { defineConfig } from 'vitest/config';
import { iconSprite } from './scripts/vite-icon-sprite.ts';

// The API suite runs on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    projects: engines.map((engine) => ({
      // Tests render the web client from its sources (modules/pages), whose icons import the sprite's address.
      plugins: [iconSprite()],
      test: {
        name: engine,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
        // Tests of the server process run it on its own embedded database: once is enough. Tests
        // of several servers on one PostgreSQL (*.postgres.test.ts) need the server. The write-route
        // fuzz (10,000 requests) runs once too: on both engines it would double its CI time.
        exclude: engine === 'pglite' ? ['**/*.postgres.test.ts'] : ['**/*.process.test.ts', '**/*.fuzz.test.ts'],
        environment: 'node',
        env: { TEST_DB_ENGINE: engine },
        setupFiles: ['test/setup.ts'],
        // Each PGlite test file's database starts from one migrated copy made for the run.
        ...(engine === 'pglite' ? { globalSetup: ['test/migrated-pglite.global.ts'] } : {}),
        // Test files share their worker's modules: with a fresh set per file, each file spent about
        // 3 s loading the app before its first test (the whole suite on both engines 16-17 min
        // on a slow machine, 8 without). Nothing a file sets up crosses to the next: each opens its
        // own database, console spies are restored after every test, and no file mocks a module
        // (vi.mock would leak into the files after it).
        isolate: false,
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
