import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Debian's PostgreSQL 15, as CI installs it (.ci/run); PG_BIN names another. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * Whether this machine can make a replica: the binaries, and root to run them as the postgres user
 * (PostgreSQL refuses to run as root).
 */
export const canMakeReplicas = () => existsSync(path.join(PG_BIN, 'initdb')) && existsSync(path.join(PG_BIN, 'pg_basebackup')) && process.getuid?.() === 0;

export type ReplicaCluster = {
  primaryUrl: string;
  replicaUrl: string;
  /** A superuser connection to each: to pause replay, read pg_is_in_recovery(). */
  onPrimary: (sql: string, values?: unknown[]) => Promise<pg.QueryResult>;
  onReplica: (sql: string, values?: unknown[]) => Promise<pg.QueryResult>;
  /** Stops the replica as a crash does (every backend at once, no checkpoint). */
  killReplica: () => Promise<void>;
  startReplica: () => Promise<void>;
  /** Waits until the replica has replayed all the primary has written. */
  caughtUp: () => Promise<void>;
  stop: () => Promise<void>;
};

const DATABASE = 'directory';

/**
 * A primary cluster and a streaming replica made of it by `pg_basebackup -R`, each on its own port
 * and temporary directory, as docs/deploy.md sets one up. `stop` ends both and removes them.
 */
export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const base = mkdtempSync(path.join(os.tmpdir(), 'replica-cluster-'));
  chownSync(base, ...postgresIds());
  const primaryDir = path.join(base, 'primary');
  const replicaDir = path.join(base, 'replica');
  // Away from the shared test cluster (55432) and the other suites' servers (8100-8900).
  const primaryPort = 30_000 + Math.floor(Math.random() * 10_000);
  const replicaPort = primaryPort + 1;
  const asPostgres = (command: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, command), ...args], { cwd: base });
  const pgCtl = (dir: string, ...args: string[]) => asPostgres('pg_ctl', ['-D', dir, '-l', path.join(base, `${path.basename(dir)}.log`), ...args]);
  const serverOptions = (port: number) => `-p ${port} -k ${base} -c listen_addresses=127.0.0.1`;

  const started: string[] = [];
  const stop = async () => {
    for (const dir of started.splice(0)) await pgCtl(dir, '-m', 'immediate', 'stop').catch(() => {});
    rmSync(base, { recursive: true, force: true });
  };

  try {
    await asPostgres('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres']);
    appendFileSync(primaryDir + '/postgresql.conf', ['wal_level = replica', 'max_wal_senders = 4', 'fsync = off', 'synchronous_commit = on', ''].join('\n'));
    // The replica connects as a user of its own that may only replicate.
    appendFileSync(primaryDir + '/pg_hba.conf', 'host replication replicator 127.0.0.1/32 trust\n');
    await pgCtl(primaryDir, '-w', '-o', serverOptions(primaryPort), 'start');
    started.push(primaryDir);

    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/${DATABASE}`;
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
    await admin.connect();
    await admin.query('create role replicator with replication login');
    await admin.query(`create database ${DATABASE}`);
    await admin.end();

    // -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica.
    await asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'replicator', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast']);
    const startReplica = async () => {
      await pgCtl(replicaDir, '-w', '-o', serverOptions(replicaPort), 'start');
      if (!started.includes(replicaDir)) started.push(replicaDir);
    };
    await startReplica();
    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/${DATABASE}`;

    const once = (url: string) => async (sql: string, values?: unknown[]) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await client.query(sql, values);
      } finally {
        await client.end();
      }
    };
    const onPrimary = once(primaryUrl);
    const onReplica = once(replicaUrl);

    return {
      primaryUrl,
      replicaUrl,
      onPrimary,
      onReplica,
      killReplica: async () => {
        await pgCtl(replicaDir, '-m', 'immediate', 'stop');
        started.splice(started.indexOf(replicaDir), 1);
      },
      startReplica,
      caughtUp: async () => {
        const { rows } = await onPrimary('select pg_current_wal_lsn()::text as lsn');
        for (let i = 0; i < 500; i++) {
          const replayed = await onReplica('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [rows[0].lsn]);
          if (replayed.rows[0].done) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('the replica never caught up');
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function postgresIds(): [number, number] {
  // os.userInfo() knows only the current user; the postgres user's ids come from the system's account database.
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user: install Debian\'s postgresql package');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}
