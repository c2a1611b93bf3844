import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The client lives in src/web and builds to dist/web, which the API server serves in production.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    // `npm run dev`: one URL; API calls go through to the API server started beside Vite.
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 5001}` },
  },
});
