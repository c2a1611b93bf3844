/** "42 seconds", "1 minute", "15 minutes": how long to wait, in the words a 429's message uses. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Whole seconds for the Retry-After header (RFC 9110 10.2.3): never 0, which would invite a retry at once. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
