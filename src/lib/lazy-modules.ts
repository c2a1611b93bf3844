/**
 * Heavy modules only some requests need, loaded on first use rather than at start-up: each one
 * held in memory by every server whether or not it ever used it (measured at import, RSS).
 * - sharp (libvips, about 14 MB): image uploads, resized images, placeholder pictures.
 * - playwright-core (about 45 MB): only the screenshot job, when a tool's address is new.
 */
const once = <T>(load: () => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined; // a failed load may be retried
      throw err;
    });
    return loading;
  };
};

export const loadSharp = once(async () => (await import('sharp')).default);
export const loadChromium = once(async () => (await import('playwright-core')).chromium);
