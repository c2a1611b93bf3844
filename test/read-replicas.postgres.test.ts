import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { buildApp } from '../src/server/app';
import { type Config, testConfig } from '../src/server/config';
import { VIEW_COUNTED_HEADER } from '../src/server/plugins/counted-views';
import { createReadDb, RECENT_WRITE_COOKIE } from '../src/server/plugins/read-db';
import { createCategory, createListing, createUser, type TestUser } from './factories';
import { canMakeReplicas, PG_BIN, type ReplicaCluster, startReplicaCluster } from './replica-cluster';

// Public reads on a real streaming replica, made by pg_basebackup -R from a primary of its own
// (test/replica-cluster.ts), and two servers on the pair as an operator runs them. Runs in the
// "postgres" project; needs Debian's PostgreSQL 15 and root, which CI has: there a machine without
// them fails the run rather than skip the replicas.
const available = canMakeReplicas();
if (!available && process.env.CI === 'true') throw new Error(`The replica tests need PostgreSQL's binaries in ${PG_BIN} and root to run them as postgres`);

const LAG_BOUND_MS = 2_000;

type Server = { app: FastifyInstance; database: DatabaseHandle };

describe.runIf(available)('public reads on a streaming replica', () => {
  let cluster: ReplicaCluster;
  let config: Config;
  let a: Server;
  let b: Server;
  let admin: TestUser;
  let reviewer: TestUser;
  let listingId: number;

  // A server as server.ts makes one, plus a route that tells which database its public reads reach.
  async function startServer(): Promise<Server> {
    const database = await openDatabase({ url: cluster.primaryUrl, readUrls: [cluster.replicaUrl], replicaMaxLagMs: LAG_BOUND_MS });
    const app = await buildApp({ config, database });
    const reads = createReadDb(database, config);
    app.get('/test/which-database', async (request) => {
      const { rows } = (await reads.for(request).execute(sql`select pg_is_in_recovery() as replica`)) as unknown as { rows: { replica: boolean }[] };
      return { replica: rows[0]!.replica };
    });
    await app.ready();
    return { app, database };
  }

  const replicaOf = (server: Server) => server.database.replicas!;
  const whichDatabase = async (server: Server, cookie?: string) =>
    (await server.app.inject({ url: '/test/which-database', headers: cookie ? { cookie } : {} })).json<{ replica: boolean }>().replica ? 'replica' : 'primary';

  /** Until every server has checked the replica again and found it fit. */
  async function replicaFit() {
    await cluster.caughtUp();
    for (let i = 0; i < 100; i++) {
      await Promise.all([replicaOf(a).checkNow(), replicaOf(b).checkNow()]);
      if (replicaOf(a).status()[0]!.fit && replicaOf(b).status()[0]!.fit) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the replica was never fit again: ${JSON.stringify(replicaOf(a).status())}`);
  }

  const detail = async (server: Server, cookie?: string) => {
    const response = await server.app.inject({ url: `/api/services/${listingId}`, headers: { [VIEW_COUNTED_HEADER]: '1', ...(cookie ? { cookie } : {}) } });
    expect(response.statusCode).toBe(200);
    return response.json<{ title: string; viewCount: number; reviewCount: number }>();
  };

  beforeAll(async () => {
    cluster = await startReplicaCluster();
    const primary = await openDatabase({ url: cluster.primaryUrl });
    await primary.migrate();
    await primary.close();
    config = testConfig({ databaseUrl: cluster.primaryUrl, databaseReadUrls: [cluster.replicaUrl], replicaMaxLagMs: LAG_BOUND_MS, countDailyFigures: false, authRateLimitPerMinute: 1000 });
    [a, b] = [await startServer(), await startServer()];
    admin = await createUser(a.app, a.database.db, { isAdmin: true });
    reviewer = await createUser(a.app, a.database.db);
    const category = await createCategory(a.database.db);
    listingId = (await createListing(a.database.db, { providerId: admin.id, categoryId: category.id, title: 'Replicated analytics' })).id;
    await replicaFit();
  });

  afterAll(async () => {
    for (const server of [a, b]) {
      await server?.app.close();
      await server?.database.close();
    }
    await cluster?.stop();
  });

  it('serves a public read from the replica, and writes and dashboards from the primary', async () => {
    expect(await whichDatabase(a)).toBe('replica');
    expect(await whichDatabase(b)).toBe('replica');
    const search = await a.app.inject({ url: '/api/services?search=replicated' });
    expect(search.statusCode).toBe(200);
    expect(search.json<{ id: number }[]>().map((item) => item.id)).toEqual([listingId]);
    // The dashboards take the primary's handle: their statements run on a server not in recovery.
    const { rows } = (await a.database.db.execute(sql`select pg_is_in_recovery() as replica`)) as unknown as { rows: { replica: boolean }[] };
    expect(rows[0]!.replica).toBe(false);
  });

  it('a person who wrote reads their write on the next server they reach, while the replica has not replayed it', async () => {
    let wroteValue = '';
    await cluster.onReplica('select pg_wal_replay_pause()');
    try {
      const review = await a.app.inject({ method: 'POST', url: `/api/services/${listingId}/reviews`, headers: { cookie: reviewer.cookie }, payload: { rating: 4, comment: 'Reads its own writes.' } });
      expect(review.statusCode).toBe(201);
      const wrote = review.cookies.find((cookie) => cookie.name === RECENT_WRITE_COOKIE);
      expect(wrote).toBeDefined();
      wroteValue = wrote!.value;
      const cookie = `${reviewer.cookie}; ${RECENT_WRITE_COOKIE}=${wrote!.value}`;
      expect(await whichDatabase(b, cookie)).toBe('primary');
      expect((await detail(b, cookie)).reviewCount).toBe(1);
      // The replica, paused, still has the listing without it.
      const { rows } = await cluster.onReplica('select review_count from listings where id = $1', [listingId]);
      expect(rows[0].review_count).toBe(0);
    } finally {
      await cluster.onReplica('select pg_wal_replay_resume()');
    }
    await replicaFit();
    // The replica has the review now, and serves others; its author stays on the primary a few seconds more.
    expect(await whichDatabase(b)).toBe('replica');
    expect(await whichDatabase(b, `${reviewer.cookie}; ${RECENT_WRITE_COOKIE}=${wroteValue}`)).toBe('primary');
  });

  it('after a write it hears of, a server reads the primary until the replica has replayed it: the read cache never keeps what the write replaced', async () => {
    const featured = async () => (await a.app.inject({ url: '/api/services/featured?limit=6' })).json<{ id: number }[]>().map((item) => item.id);
    expect(await featured()).toEqual([]);
    await cluster.onReplica('select pg_wal_replay_pause()');
    try {
      const write = await a.app.inject({ method: 'PATCH', url: `/api/admin/services/${listingId}/featured`, headers: { cookie: admin.cookie }, payload: { isFeatured: true } });
      expect(write.statusCode).toBe(200);
      // A visitor (no cookie) refills the cache at once: from the primary, the replica being behind the write.
      expect(await whichDatabase(a)).toBe('primary');
      expect(await featured()).toEqual([listingId]);
    } finally {
      await cluster.onReplica('select pg_wal_replay_resume()');
    }
    await replicaFit();
    expect(await whichDatabase(a)).toBe('replica');
    expect(await featured()).toEqual([listingId]);
  });

  it('a replica whose replay is paused serves within the lag bound, is skipped beyond it, and serves again once it catches up', async () => {
    // A fresh transaction replayed: the replica's lag counts from now.
    await cluster.onPrimary('update listings set description = description where id = $1', [listingId]);
    await replicaFit();
    const before = (await detail(a)).viewCount;
    await cluster.onReplica('select pg_wal_replay_pause()');
    try {
      // A write no server hears of (the view count does not touch the read cache).
      await cluster.onPrimary('update listings set view_count = view_count + 100 where id = $1', [listingId]);
      await replicaOf(a).checkNow();
      expect(replicaOf(a).status()[0]).toMatchObject({ fit: true });
      expect(await whichDatabase(a)).toBe('replica');
      expect((await detail(a)).viewCount).toBe(before);

      await new Promise((resolve) => setTimeout(resolve, LAG_BOUND_MS + 500));
      await replicaOf(a).checkNow();
      expect(replicaOf(a).status()[0]).toMatchObject({ fit: false, reason: 'lagging' });
      expect(replicaOf(a).status()[0]!.lagMs).toBeGreaterThan(LAG_BOUND_MS);
      expect(await whichDatabase(a)).toBe('primary');
      expect((await detail(a)).viewCount).toBe(before + 100);
    } finally {
      await cluster.onReplica('select pg_wal_replay_resume()');
    }
    await replicaFit();
    expect(await whichDatabase(a)).toBe('replica');
    expect((await detail(a)).viewCount).toBe(before + 100);
  });

  it('a replica killed under load costs no request beyond fast 503s, and the primary serves until it is back', async () => {
    const answers: { status: number; ms: number; phase: 'before' | 'after'; served?: string }[] = [];
    let phase: 'before' | 'after' = 'before';
    let stop = false;
    let n = 0;
    // Uncached reads (each search distinct, listing pages, which-database): every one reaches a database.
    const urls = () => {
      n += 1;
      return [`/api/services?search=replicated&page=${(n % 40) + 1}`, `/api/services/${listingId}`, '/test/which-database'][n % 3]!;
    };
    const worker = async () => {
      while (!stop) {
        const started = performance.now();
        const url = urls();
        const response = await a.app.inject({ url, headers: { [VIEW_COUNTED_HEADER]: '1' } });
        const served = url === '/test/which-database' && response.statusCode === 200 ? (response.json<{ replica: boolean }>().replica ? 'replica' : 'primary') : undefined;
        answers.push({ status: response.statusCode, ms: performance.now() - started, phase, ...(served ? { served } : {}) });
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await cluster.killReplica();
    phase = 'after';
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    stop = true;
    await Promise.all(workers);

    const failed = answers.filter((answer) => answer.status !== 200);
    expect(failed.every((answer) => answer.status === 503 && answer.ms < 2_000), JSON.stringify(failed)).toBe(true);
    expect(answers.filter((answer) => answer.phase === 'after' && answer.status === 200).length).toBeGreaterThan(10);
    // The replica served until it was killed; the primary after.
    expect(answers.some((answer) => answer.phase === 'before' && answer.served === 'replica')).toBe(true);
    expect(answers.filter((answer) => answer.phase === 'after').at(-1)?.status).toBe(200);
    expect(answers.filter((answer) => answer.phase === 'after' && answer.served).slice(-5).every((answer) => answer.served === 'primary')).toBe(true);
    console.info(`replica killed under load: ${answers.length} requests, ${failed.length} answered 503`);
    expect(replicaOf(a).status()[0]).toMatchObject({ fit: false, reason: 'down' });
    expect(await whichDatabase(a)).toBe('primary');

    await cluster.startReplica();
    await replicaFit();
    expect(await whichDatabase(a)).toBe('replica');
  });
  it('a server process loses no request beyond fast 503s and does not exit when its replica is killed under load', async () => {
    // The real server.ts: its process-error policy exits on any error nobody caught.
    const port = 9_000 + Math.floor(Math.random() * 900);
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: cluster.primaryUrl, DATABASE_READ_URLS: cluster.replicaUrl, REPLICA_MAX_LAG_SECONDS: '2', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'replica-server-')), SESSION_SECRET: 'the-same-secret-on-every-server-of-this-site', SEED_DEMO: 'false', READ_CACHE_SECONDS: '0', PUBLIC_READ_RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn', SMTP_URL: '', TEST_DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout!.on('data', (chunk) => (output += chunk));
    proc.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    try {
      for (let i = 0; ; i++) {
        if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}:\n${output}`);
        if (i > 240) throw new Error(`the server never answered:\n${output}`);
        const healthy = await fetch(`${base}/api/health`).then((res) => res.ok, () => false);
        if (healthy) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const answers: { status: number; ms: number }[] = [];
      let stop = false;
      let n = 0;
      const worker = async () => {
        while (!stop) {
          n += 1;
          const started = performance.now();
          const status = await fetch(`${base}/api/services?search=replicated&page=${(n % 40) + 1}`).then((res) => res.arrayBuffer().then(() => res.status), () => 0);
          answers.push({ status, ms: performance.now() - started });
        }
      };
      const workers = Array.from({ length: 6 }, worker);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await cluster.killReplica();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      stop = true;
      await Promise.all(workers);

      expect(proc.exitCode).toBeNull();
      const failed = answers.filter((answer) => answer.status !== 200);
      expect(failed.every((answer) => answer.status === 503 && answer.ms < 2_000), JSON.stringify(failed)).toBe(true);
      expect(answers.length).toBeGreaterThan(10);
      console.info(`server process, replica killed under load: ${answers.length} requests, ${failed.length} answered 503`);
      expect(output).toContain('skipped (down)');
      expect((await fetch(`${base}/api/services?search=replicated`)).status).toBe(200);
    } finally {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
      await cluster.startReplica();
    }
    await replicaFit();
  }, 120_000);
});
