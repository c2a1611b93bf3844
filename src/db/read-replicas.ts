import pg from 'pg';
import { databaseErrorOf, isDatabaseUnavailable } from './database-error';

/**
 * Streaming replicas that serve reads (docs/deploy.md#read-replicas). Each is checked at most
 * once a second, when a read asks for one: down, not a replica any more (promoted), or further
 * behind the primary than the lag bound, it is skipped until a later check finds it fit; with none
 * fit the primary serves. A replica must also have replayed every write this server has heard of
 * (`heardWrite`): a read that fills the read cache right after a write must not keep what the
 * write replaced.
 */

/** How often a replica's state is read again, at most (when reads ask). */
export const REPLICA_CHECK_MS = 1_000;
/**
 * A state older than this is not trusted (no read asked for a while): reads go to the primary
 * while the replicas are checked again.
 */
export const REPLICA_STATE_TRUSTED_MS = 3_000;
/** A check that takes longer than this counts the replica as down (a host that drops packets). */
const CHECK_TIMEOUT_MS = 1_500;

export type ReplicaStatus = {
  /** host:port/database, without the password. */
  name: string;
  fit: boolean;
  /** Why not fit. */
  reason?: 'down' | 'lagging' | 'not a replica' | 'unchecked';
  /** How far behind the primary it was at its last check (0: it had replayed all the primary had written). */
  lagMs?: number;
};

export type ReplicaSetOptions = {
  /** The primary's pool: its WAL position tells whether a replica has caught up. */
  primary: pg.Pool;
  /** The primary's pool for the reads when no replica is fit (the public reads' timeout); `primary` when unset. */
  primaryReads?: pg.Pool;
  replicas: { name: string; pool: pg.Pool }[];
  maxLagMs: number;
  /** Told when a replica becomes fit or unfit (for the log). */
  onChange?: (status: ReplicaStatus) => void;
  now?: () => number;
};

type Replica = {
  name: string;
  pool: pg.Pool;
  fit: boolean;
  reason: ReplicaStatus['reason'];
  lagMs: number | undefined;
  /** Every write the primary committed before this moment (this process's clock) had been replayed. */
  currentAsOf: number;
};

type StateRow = { in_recovery: boolean; replayed: string | null; received: string | null; lag_seconds: number | null };

// Its WAL positions, and its lag: the age of the last transaction it replayed, measured on its own
// clock (a replica whose replay is paused falls further behind each second).
const STATE_SQL = `select pg_is_in_recovery() as in_recovery,
  pg_last_wal_replay_lsn()::text as replayed, pg_last_wal_receive_lsn()::text as received,
  extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp())::float8 as lag_seconds`;

/** A WAL position ('16/B374D848') as a number, to compare. */
const lsnOf = (text: string | null): bigint => {
  if (!text) return -1n;
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

/** Where the primary's WAL was at each recent check (this process's clock): what a replica that replayed that far has. */
type Sample = { at: number; lsn: bigint };
const SAMPLES_KEPT = 20;
/** After a write is heard, a replica that has not yet replayed it is checked again this soon, a few times. */
const CATCH_UP_RECHECK_MS = 25;
const CATCH_UP_RECHECKS = 8;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout exceeded when trying to connect')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

export function createReplicaSet({ primary, primaryReads = primary, replicas: given, maxLagMs, onChange, now = Date.now }: ReplicaSetOptions) {
  const replicas: Replica[] = given.map(({ name, pool }) => ({ name, pool, fit: false, reason: 'unchecked', lagMs: undefined, currentAsOf: -Infinity }));
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;
  let checkAgain = false;
  let lastWriteHeard = -Infinity;
  let turn = 0;
  const samples: Sample[] = [];
  let rechecks = 0;
  let recheck: NodeJS.Timeout | undefined;
  let closed = false;

  const setState = (replica: Replica, fit: boolean, reason: ReplicaStatus['reason'], lagMs: number | undefined) => {
    const changed = replica.fit !== fit || replica.reason !== (fit ? undefined : reason);
    replica.fit = fit;
    replica.reason = fit ? undefined : reason;
    replica.lagMs = lagMs;
    if (changed) onChange?.(statusOf(replica));
  };

  const checkOne = async (replica: Replica, startedAt: number, primaryLsn: bigint | undefined) => {
    try {
      const { rows } = await withTimeout(replica.pool.query<StateRow>(STATE_SQL), CHECK_TIMEOUT_MS);
      const state = rows[0]!;
      if (!state.in_recovery) return setState(replica, false, 'not a replica', undefined);
      const replayed = lsnOf(state.replayed);
      // Caught up: it has replayed as far as the primary had written a moment before (or, with the
      // primary unreachable, all it received: then it may serve the public reads meanwhile).
      const caughtUp = replayed >= (primaryLsn ?? lsnOf(state.received));
      // A replica that is behind and has replayed no transaction since it started has no known lag.
      const lagMs = caughtUp ? 0 : state.lag_seconds === null ? Infinity : Math.max(0, state.lag_seconds * 1000);
      if (caughtUp) replica.currentAsOf = startedAt;
      else {
        // It holds every write committed before the latest check whose primary position it has passed.
        const passed = samples.findLast((sample) => sample.lsn <= replayed);
        if (passed) replica.currentAsOf = Math.max(replica.currentAsOf, passed.at);
      }
      setState(replica, lagMs <= maxLagMs, 'lagging', lagMs);
    } catch {
      setState(replica, false, 'down', undefined);
    }
  };

  const checkAll = async () => {
    do {
      checkAgain = false;
      const startedAt = now();
      checkedAt = startedAt;
      const primaryLsn = await withTimeout(primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'), CHECK_TIMEOUT_MS).then(
        ({ rows }) => lsnOf(rows[0]!.lsn),
        () => undefined,
      );
      if (primaryLsn !== undefined) {
        samples.push({ at: startedAt, lsn: primaryLsn });
        if (samples.length > SAMPLES_KEPT) samples.shift();
      }
      await Promise.all(replicas.map((replica) => checkOne(replica, startedAt, primaryLsn)));
    } while (checkAgain);
    // A fit replica still short of a write just heard usually replays it within milliseconds: look
    // again soon rather than leave the reads on the primary until the next second's check.
    if (!closed && rechecks > 0 && replicas.some((replica) => replica.fit && replica.currentAsOf < lastWriteHeard)) {
      rechecks -= 1;
      recheck = setTimeout(() => void check(true), CATCH_UP_RECHECK_MS);
      recheck.unref();
    }
  };

  /** Starts a check unless one is under way; `force` runs another after the one under way. */
  const check = (force = false): Promise<void> => {
    if (checking) {
      if (force) checkAgain = true;
      return checking;
    }
    checking = checkAll().finally(() => {
      checking = undefined;
    });
    return checking;
  };

  /** The replicas fit to serve a read now, the next one first (reads take turns). */
  const fitReplicas = (): Replica[] => {
    const at = now();
    if (at - checkedAt >= REPLICA_CHECK_MS) void check();
    if (at - checkedAt > REPLICA_STATE_TRUSTED_MS) return [];
    const fit = replicas.filter((replica) => replica.fit && replica.currentAsOf >= lastWriteHeard);
    if (fit.length < 2) return fit;
    turn = (turn + 1) % fit.length;
    return [...fit.slice(turn), ...fit.slice(0, turn)];
  };

  /** A replica failed a read: skipped until a check finds it back. */
  const failed = (pool: pg.Pool) => {
    const replica = replicas.find((candidate) => candidate.pool === pool);
    if (replica) setState(replica, false, 'down', undefined);
  };

  /**
   * The pool the read handle runs on: each statement goes to a fit replica, and one that fails
   * because its replica is gone (or a recovery conflict cancelled it) runs again on the next
   * replica or the primary, so a replica going down costs no read. Statements inside a
   * transaction stay on the connection it took. A pg.Pool to Drizzle, which opens transactions on
   * a pool by taking one of its connections.
   */
  const readPool = Object.assign(Object.create(pg.Pool.prototype) as pg.Pool, {
    query: async (config: unknown, values?: unknown) => {
      const targets = [...fitReplicas().map((replica) => replica.pool), primaryReads];
      for (const [index, pool] of targets.entries()) {
        try {
          return await (pool.query as (config: unknown, values?: unknown) => Promise<pg.QueryResult>)(config, values);
        } catch (error) {
          if (index === targets.length - 1 || !retryElsewhere(error)) throw error;
          if (isDatabaseUnavailable(error)) failed(pool);
        }
      }
      throw new Error('unreachable: the primary is always the last target');
    },
    connect: async () => {
      const targets = [...fitReplicas().map((replica) => replica.pool), primaryReads];
      for (const [index, pool] of targets.entries()) {
        try {
          return await pool.connect();
        } catch (error) {
          if (index === targets.length - 1 || !isDatabaseUnavailable(error)) throw error;
          failed(pool);
        }
      }
      throw new Error('unreachable: the primary is always the last target');
    },
    end: async () => {},
  });

  return {
    readPool,
    /** The first check, before the server serves: until it ends, reads go to the primary. */
    ready: () => check(),
    /**
     * A write was committed (the read cache heard it): no replica serves until a check finds it
     * has replayed past this moment. Checks again at once, so that is usually milliseconds.
     */
    heardWrite: () => {
      lastWriteHeard = now();
      rechecks = CATCH_UP_RECHECKS;
      void check(true);
    },
    /** Checks again now and waits for it (tests, and the health route). */
    checkNow: () => check(true),
    status: (): ReplicaStatus[] => replicas.map(statusOf),
    close: async () => {
      closed = true;
      clearTimeout(recheck);
      await checking?.catch(() => {});
      await Promise.all(replicas.map((replica) => replica.pool.end()));
    },
  };
}

export type ReplicaSet = ReturnType<typeof createReplicaSet>;

const statusOf = (replica: Replica): ReplicaStatus => ({
  name: replica.name,
  fit: replica.fit,
  ...(replica.reason ? { reason: replica.reason } : {}),
  ...(replica.lagMs !== undefined ? { lagMs: replica.lagMs } : {}),
});

/** A read that failed on a replica for the replica's sake, not the read's: the gone, and those cancelled by a conflict with recovery. */
function retryElsewhere(error: unknown): boolean {
  return isDatabaseUnavailable(error) || databaseErrorOf(error)?.code === '40001';
}

/** What a replica is called in logs and status: host:port/database, never its password. */
export function replicaName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}
