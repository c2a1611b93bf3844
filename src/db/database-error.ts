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

/** SQLSTATE classes and codes that mean "the database is not there right now", not "this request is wrong". */
const unavailableCodes = /^(08...|57P0[1-3]|53300|53400)$/;
/** Node's socket errors and node-postgres' own messages when the server is gone or unreachable. */
const unavailableSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const unavailableMessages = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether an error means the database cannot be reached (down, restarting, refusing connections):
 * the request may succeed a moment later, so it is a 503, not a 500. Looks through Drizzle's and
 * transactions' wrappers like databaseErrorOf.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (unavailableCodes.test(e.code) || unavailableSocketCodes.has(e.code))) return true;
    if (typeof e.message === 'string' && unavailableMessages.test(e.message)) return true;
    // Node reports a refused connection to a host with several addresses as an AggregateError.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
