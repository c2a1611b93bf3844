import pg from 'pg';

/**
 * The PostgreSQL connection pool, made so that a lost connection costs the requests using it and
 * never the process (docs/decisions/process-errors.md).
 *
 * node-postgres emits 'error' on a Client whose connection breaks (a restarted or killed server,
 * a terminated backend), and an EventEmitter's 'error' with no listener throws. pg-pool listens
 * only while a client is idle: while a request holds one (a transaction, from BEGIN to COMMIT)
 * nothing does, so one restart of PostgreSQL under write load took every server down. Here each
 * client gets a listener of its own as the pool makes it, for its whole life.
 */
export function createPool(options: pg.PoolConfig, onConnectionError: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool(options);
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));

  pool.on('connect', (client) => {
    client.on('error', (error) => {
      onConnectionError(error);
      // The holder's statements fail from now on ("not queryable"), which its request answers as a
      // 503. Give the dead client back to the pool at once, which discards it: a holder that never
      // releases it (drizzle does not when BEGIN itself fails) would otherwise keep one of the
      // pool's places for good, and after enough restarts every request would wait for a place.
      if (!checkedOut.has(client)) return;
      const release = client.release;
      client.release = () => {};
      release.call(client, error);
    });
  });
  // An idle client's error reaches the pool too, which discards that client; the client's own
  // listener above has already reported it.
  pool.on('error', () => {});
  return pool;
}
