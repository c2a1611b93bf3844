import { existsSync } from 'node:fs';

/**
 * Whether tests that drive the real Chromium run: wherever it is installed, and always under
 * CI=true, where a missing browser must fail the run instead of skipping it (as the browser suite
 * does, scripts/e2e.mjs).
 */
export const runsChromiumTests = (chromiumPath: string) => existsSync(chromiumPath) || process.env.CI === 'true';
