import { isDatabaseUnavailable } from '../db/database-error';

export type ProcessErrorLog = {
  warn: (details: { err: unknown }, message: string) => void;
  fatal: (details: { err: unknown }, message: string) => void;
};

/**
 * The last resort for an error no code caught (docs/decisions/process-errors.md). Every database
 * connection listens for its own errors, so none should arrive here; if one does anyway (a lost
 * connection reported by a path not yet covered), it is logged and the server keeps serving: the
 * requests that used the connection have failed already, and the pool replaces it. Anything else
 * is unknown, and the process state cannot be trusted: it is logged and the process exits, for
 * the supervisor to start it again.
 */
export function handleProcessError(kind: string, error: unknown, log: ProcessErrorLog, exit: (code: number) => void): void {
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, `${kind} from a lost database connection: the server keeps running`);
    return;
  }
  log.fatal({ err: error }, `${kind}: exiting`);
  exit(1);
}

/** Installs handleProcessError for uncaught exceptions and unhandled rejections. */
export function installProcessErrorPolicy(log: () => ProcessErrorLog) {
  const exit = (code: number) => process.exit(code);
  process.on('uncaughtException', (error) => handleProcessError('uncaught exception', error, log(), exit));
  process.on('unhandledRejection', (reason) => handleProcessError('unhandled rejection', reason, log(), exit));
}
