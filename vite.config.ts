import { cpSync, rmSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// Paths below are relative to the client's root, src/web.
const serverOut = '../../dist/server';

/** The compiled server finds its migrations beside itself, as src/db/client.ts does in the sources. */
const copyMigrations: Plugin = {
  name: 'copy-migrations',
  applyToEnvironment: (environment) => environment.name === 'ssr',
  writeBundle() {
    rmSync('dist/server/migrations', { recursive: true, force: true });
    cpSync('src/db/migrations', 'dist/server/migrations', { recursive: true });
  },
};

// `npm run build` builds both halves of production: the client into dist/web, which the server
// serves, and the server into dist/server (decision 0001), which `npm start` runs with plain node.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), copyMigrations],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // dist/web/.vite/manifest.json: which chunks and styles each route needs (budgets, preloads).
    manifest: true,
  },
  environments: {
    ssr: {
      build: {
        outDir: serverOut,
        emptyOutDir: true,
        // Stack traces in the log point at the TypeScript sources.
        sourcemap: true,
        target: 'node20',
        copyPublicDir: false,
        rollupOptions: {
          // The server, and the client's server render, which the server loads beside itself.
          input: { server: '../server/server.ts', 'entry-server': './entry-server.tsx' },
          // Every file at the top of dist/server, so import.meta.url means the same in each.
          output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
        },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.ssr!);
    },
  },
  server: {
    // `npm run dev`: one URL; API calls go through to the API server started beside Vite.
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 5001}` },
  },
});
