// How node runs the production server: `npm start` (scripts/start.mjs) and the benchmark, which
// measures what `npm start` runs (bench/processes.ts). Why each (docs/decisions/server-memory.md);
// node starts with both on Node 20 and on Node 24 (V8 11.3 and 13.6).
export const productionNodeFlags = [
  // Stack traces in the logs point at src/, not at the bundle (about 34 MB of resident memory).
  '--enable-source-maps',
  // The old generation grows by 20 % between full collections rather than by V8's own factor
  // (up to 4x when collections are cheap, as they are here): under load it filled with garbage
  // promoted from short-lived requests, and peak memory at 100,000 listings ranged 202-301 MB
  // from run to run. With 20 %: 165-200 MB, and the same throughput within the noise.
  '--heap-growing-percent=20',
];
