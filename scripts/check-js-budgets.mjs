// The JavaScript a first visit to each public page downloads, gzip-compressed, against its budget
// (the home page at most 120 KB). Reads the client build's manifest (dist/web/.vite/
// manifest.json): a page's initial code is the entry with its static imports, the app's code that
// the entry loads after the first paint (hydrate.tsx) and the page's own chunk, each with its static
// imports, as the server names them in the page's head (modules/pages/render-app.ts).
// A byte budget, not a timing, so it means the same on any machine. Run after `vite build`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const root = 'dist/web';
// `modules`: the code-split modules a visitor's server render of the page uses (app/lazy-page.tsx).
// Pages with a form (contact, a service's message form) carry the form library and the schemas.
const budgets = [
  { page: '/', modules: ['pages/home-page.tsx'], budget: 120 * KB },
  { page: '/services, /tools', modules: ['pages/listings-page.tsx'], budget: 120 * KB },
  { page: '/category/{slug}', modules: ['pages/category-page.tsx'], budget: 120 * KB },
  // A listing page hydrates without its profit calculator, whose chunk follows (partner-programme-panel.tsx),
  // and reads its reviews' filters from the address without the schema library (shared/review-context.ts):
  // 110.9 KB, 155.2 KB with a service's message form (which needs that library and the form library);
  // the frame every page shares grew by 7 KB with the operator's brand, the tray and the account pages.
  // The forms behind a button load when it is reached: the page carries the apply button and the
  // application's state (1.2 KB), not the 48 KB the form's chunk had cost once rendered. The claim
  // form is a chunk only unclaimed listings load. A lazy chunk rendered at once is invisible here:
  // e2e/page-weight.spec.ts counts it.
  { page: '/tool/{slug}', modules: ['pages/listing-detail-page.tsx'], budget: 114 * KB },
  { page: '/service/{slug}', modules: ['pages/listing-detail-page.tsx', 'features/inquiries/components/contact-provider-form.tsx'], budget: 158 * KB },
  { page: '/company/{slug}', modules: ['pages/company-page.tsx'], budget: 120 * KB },
  // 121.1 KB: the calculator's fields are read with their shared schema (zod's small build) as one types.
  { page: '/compare', modules: ['pages/compare-page.tsx'], budget: 125 * KB },
  { page: '/categories', modules: ['pages/categories-page.tsx'], budget: 110 * KB },
  { page: '/trending', modules: ['pages/trending-page.tsx'], budget: 115 * KB },
  { page: '/contact', modules: ['pages/contact-page.tsx'], budget: 140 * KB },
  { page: '/privacy-policy', modules: ['pages/privacy-policy-page.tsx'], budget: 100 * KB },
  { page: '/terms-conditions', modules: ['pages/terms-page.tsx'], budget: 100 * KB },
  { page: 'not found', modules: ['pages/not-found-page.tsx'], budget: 100 * KB },
];

const manifestFile = path.join(root, '.vite', 'manifest.json');
// `npm test` runs this after the browser tests, which build first, unless they were skipped.
if (!existsSync(manifestFile) && process.argv.includes('--build-if-missing')) {
  spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
if (!existsSync(manifestFile)) {
  console.error(`No ${manifestFile}: run "npx vite build" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The files a key loads before it runs: itself and its static imports, each once. */
function files(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: is the page still split into its own chunk (app/routes.tsx)?`);
    if (seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    files(chunk.imports ?? [], seen);
  }
  return seen;
}

const gzipSize = (file) => gzipSync(readFileSync(path.join(root, file)), { level: 9 }).length;
const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

let failed = false;
for (const { page, modules, budget } of budgets) {
  const pageFiles = [...files([...entries, 'hydrate.tsx', ...modules])];
  const total = pageFiles.reduce((sum, file) => sum + gzipSize(file), 0);
  const over = total > budget;
  failed ||= over;
  console.log(`${over ? 'OVER' : 'ok  '}  ${page.padEnd(30)} ${kb(total).padStart(9)} of ${kb(budget)} in ${pageFiles.length} files`);
}
if (failed) {
  console.error('\nA public page downloads more JavaScript than its budget: load what it does not need on demand (lazy), or say why the budget moves.');
  process.exit(1);
}
