import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
// With its extension, as Vite's native config loader (its future default) wants local imports.
import { iconSprite } from './scripts/vite-icon-sprite.ts';

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

/**
 * Brotli and gzip copies of the client's scripts, styles and icons beside each file, which the
 * server sends as they are (plugins/client.ts, preCompressed): compressing them per request at
 * brotli's best level cost 50-100 ms an asset and held up a first visit's paint; once at build
 * time it costs nothing. Files under 1 KB go out as they are.
 */
const precompressAssets: Plugin = {
  name: 'precompress-assets',
  applyToEnvironment: (environment) => environment.name === 'client',
  writeBundle(options, bundle) {
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|css|svg)$/.test(fileName)) continue;
      const file = path.join(options.dir!, fileName);
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  },
};

/** The app's own frame: React, the router, the query cache and the helpers every page's code uses. */
const appModule = /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|@tanstack[\\/][^\\/]+|clsx|tailwind-merge)[\\/]|src[\\/]web[\\/]lib[\\/](api|cn|toast|current-user|page-meta|hydration|use-hydrated|query-client|site|compare-store)\.tsx?$|src[\\/]shared[\\/]compare-ids\.ts$|src[\\/]web[\\/]components[\\/]ui[\\/](button|badge|icons|icon-names|card|skeleton)\.tsx?$/;
/** A listing card and what it shows: home, lists, categories, companies and trending all have them. */
const cardModule = /src[\\/]web[\\/]components[\\/](listing[\\/]|category-icon)|src[\\/]web[\\/]features[\\/]favorites[\\/](api|components[\\/]favorite-(button|action))|src[\\/]shared[\\/](format|partner-programme-values|partner-wording|listing-type|image-widths)\.ts$/;

// `npm run build` builds both halves of production: the client into dist/web, which the server
// serves, and the server into dist/server (decision 0001), which `npm start` runs with plain node.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), iconSprite(), copyMigrations, precompressAssets],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // dist/web/.vite/manifest.json: which chunks and styles each route needs (budgets, preloads).
    manifest: true,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The code every page runs, and the listing cards most public pages show, in one chunk each
            // rather than two dozen of one or two kilobytes: each file costs a request and its headers
            // (about half a kilobyte as sent), which a phone pays before the page responds.
            codeSplitting: {
              groups: [
                { name: 'app', test: appModule, priority: 2 },
                { name: 'cards', test: cardModule, priority: 1 },
              ],
            },
          },
        },
      },
    },
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
