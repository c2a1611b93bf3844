/**
 * A search served by a streaming replica beside the same search served by the primary: makes a
 * primary and a replica of it by pg_basebackup -R (test/replica-cluster.ts: Debian's PostgreSQL 15,
 * run as root), fills the primary with N generated listings, and times the real search route
 * (cache off) on two in-process servers, one without replicas and one with DATABASE_READ_URLS,
 * interleaved so both see the same machine. Both clusters share this machine's cores: the figure
 * says what a read costs on a replica (about what it costs on the primary), not how far replicas
 * scale, which takes machines of their own.
 *
 *   npx tsx bench/replica-read.ts [--listings 20000] [--runs 300]
 */
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { insertBulkListings } from '../src/db/seed/bulk-listings';
import { serviceTopics } from '../src/db/seed/bulk-vocabulary';
import { seedDemoIfEmpty } from '../src/db/seed/demo';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { canMakeReplicas, PG_BIN, startReplicaCluster } from '../test/replica-cluster';

const { values } = parseArgs({ options: { listings: { type: 'string', default: '20000' }, runs: { type: 'string', default: '300' } } });
const listingCount = Number(values.listings);
const runs = Number(values.runs);
if (!Number.isInteger(listingCount) || listingCount < 1 || !Number.isInteger(runs) || runs < 1) throw new Error('--listings and --runs must be positive whole numbers');
if (!canMakeReplicas()) throw new Error(`Needs PostgreSQL's binaries in ${PG_BIN} (or PG_BIN) and root to run them as postgres`);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const cluster = await startReplicaCluster();
const opened: DatabaseHandle[] = [];
const apps: FastifyInstance[] = [];
try {
  console.log(`Filling the primary with ${listingCount.toLocaleString('en-US')} listings...`);
  const primary = await openDatabase({ url: cluster.primaryUrl });
  opened.push(primary);
  await primary.migrate();
  await seedDemoIfEmpty(primary.db);
  await insertBulkListings(primary.db, { count: listingCount });
  await primary.analyze({ vacuum: true });
  await cluster.caughtUp();

  const config = testConfig({ databaseUrl: cluster.primaryUrl, readCacheMaxAgeMs: 0, countDailyFigures: false });
  const withReplica = await openDatabase({ url: cluster.primaryUrl, readUrls: [cluster.replicaUrl], replicaMaxLagMs: config.replicaMaxLagMs });
  opened.push(withReplica);
  const servers = { primary: await buildApp({ config, database: primary }), replica: await buildApp({ config: { ...config, databaseReadUrls: [cluster.replicaUrl] }, database: withReplica }) };
  apps.push(servers.primary, servers.replica);
  await Promise.all(apps.map((app) => app.ready()));

  // A distinct search each time (a topic word and a page), as visitors' long tail is.
  const words = serviceTopics.flatMap((topic) => topic.split(' ')).filter((word) => word.length > 3);
  const url = (n: number) => `/api/services?search=${encodeURIComponent(words[n % words.length]!)}&page=${(Math.floor(n / words.length) % 5) + 1}`;
  const time = async (app: FastifyInstance, path: string) => {
    const started = performance.now();
    const response = await app.inject({ url: path });
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
    return performance.now() - started;
  };
  for (let n = 0; n < 30; n++) for (const app of apps) await time(app, url(n));

  const commits = async () => Number((await cluster.onReplica(`select xact_commit from pg_stat_database where datname = current_database()`)).rows[0].xact_commit);
  const replicaCommitsBefore = await commits();
  const took = { primary: [] as number[], replica: [] as number[] };
  for (let n = 0; n < runs; n++) {
    // Alternating who goes first: neither always meets a warmer cache.
    const order = n % 2 === 0 ? (['primary', 'replica'] as const) : (['replica', 'primary'] as const);
    for (const which of order) took[which].push(await time(servers[which], url(n)));
  }
  // The replica's own transactions (statistics are kept per server): the searches did reach it.
  const servedByReplica = (await commits()) - replicaCommitsBefore;
  if (servedByReplica < runs) throw new Error(`the replica ran ${servedByReplica} transactions for ${runs} searches: it did not serve them`);

  const line = (name: string, sorted: number[]) => `| ${name} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} |`;
  const primarySorted = took.primary.toSorted((x, y) => x - y);
  const replicaSorted = took.replica.toSorted((x, y) => x - y);
  console.log(`\n${runs} distinct searches of ${listingCount.toLocaleString('en-US')} listings, cache off, one at a time; the replica ran ${servedByReplica} transactions\n`);
  console.log('| a search served by | p50 | p95 |');
  console.log('| --- | --- | --- |');
  console.log(line('the primary', primarySorted));
  console.log(line('the replica', replicaSorted));
  console.log(`\nreplica / primary: p50 ${(percentile(replicaSorted, 50) / percentile(primarySorted, 50)).toFixed(2)}x, p95 ${(percentile(replicaSorted, 95) / percentile(primarySorted, 95)).toFixed(2)}x`);
} finally {
  for (const app of apps) await app.close();
  for (const database of opened) await database.close();
  await cluster.stop();
}
