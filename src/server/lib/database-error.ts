/** What PostgreSQL (and PGlite) say about a refused statement. */
export type DatabaseError = { code: string; constraint?: string };

/**
 * The database's own error inside whatever wraps it: Drizzle throws a DrizzleQueryError that keeps
 * the driver's error as `cause`, and a transaction may wrap that again.
 */
export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  for (let e = error as { code?: unknown; constraint?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: e.constraint };
  }
  return undefined;
}
