import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PROVIDER_EMAIL } from '../src/db/seed/catalogue/providers';
import { demoListingSeeds } from '../src/db/seed/demo-catalogue';
import { LOCK_AFTER_FAILURES } from '../src/server/modules/auth/login-throttle.queries';

// Three real server processes started at the same moment on one fresh PostgreSQL database, as an
// operator runs them behind a reverse proxy (docs/deploy.md). Runs in the "postgres" project only.
const serverUrl = process.env.TEST_DATABASE_URL!;
const databaseName = `multi_server_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
// Not 6100-6900: fetch refuses the IRC ports 6665-6669, 6679 and 6697 (the Fetch standard's bad
// ports), and a server there was never reached.
const basePort = 8100 + Math.floor(Math.random() * 800);
const ports = [basePort, basePort + 1, basePort + 2];
const urls = ports.map((port) => `http://127.0.0.1:${port}`);
const admin = { email: 'owner@example.test', password: 'owner-password' };
const ADDRESS_LIMIT = 8;

type Server = { proc: ChildProcess; output: () => string; exited: Promise<number | null> };
const servers: Server[] = [];
let db: pg.Client | undefined;

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function startServer(port: number): Server {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'multi-server-')),
      SESSION_SECRET: 'the-same-secret-on-every-server-of-this-site',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SEED_DEMO: 'true',
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: String(ADDRESS_LIMIT),
      LOG_LEVEL: 'warn',
      // Every server looks for alerts every second, so they race for the same digests.
      ALERTS_INTERVAL_SECONDS: '1',
      SMTP_URL: '',
      TEST_DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (chunk) => (output += chunk));
  proc.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => output, exited };
}

async function waitForHealth(url: string, server: Server) {
  for (;;) {
    if (server.proc.exitCode !== null) throw new Error(`server at ${url} exited with ${server.proc.exitCode}:\n${server.output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

afterAll(async () => {
  for (const server of servers) if (server.proc.exitCode === null) server.proc.kill('SIGTERM');
  await Promise.all(servers.map((server) => server.exited));
  await db?.end();
  await onServer(`drop database if exists ${databaseName} with (force)`);
}, 60_000);

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const login = (server: number, email: string, password: string, visitor: string) =>
  post(`${urls[server % 3]}/api/login`, { email, password }, { 'x-forwarded-for': visitor });
const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0]!;
const count = async (sql: string, params: unknown[] = []) => Number((await db!.query<{ n: string }>(sql, params)).rows[0]!.n);

describe('three servers on one PostgreSQL', () => {
  it('start together: all healthy, one migration, one demo catalogue, one administrator, no warnings', async () => {
    await onServer(`create database ${databaseName}`);
    servers.push(...ports.map(startServer));
    await Promise.all(urls.map((url, i) => waitForHealth(url, servers[i]!)));
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();

    for (const server of servers) {
      expect(server.proc.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/duplicate key|already executing a query|DeprecationWarning|error/i);
    }
    // The demo's listings, and the one an administrator added for a company that has not claimed it yet.
    expect(await count('select count(*) as n from listings')).toBe(demoListingSeeds.length + 1);
    expect(await count('select count(*) as n from users where email = $1', [DEMO_PROVIDER_EMAIL])).toBe(1);
    expect(await count('select count(*) as n from users where is_admin')).toBe(1);
    expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(await count('select count(distinct hash) as n from drizzle.__drizzle_migrations'));
  }, 300_000);

  it('share sessions: signed in on one, signed in on the others, with private answers', async () => {
    const signedIn = await login(0, admin.email, admin.password, '192.0.2.1');
    expect(signedIn.status).toBe(200);
    const cookie = cookieOf(signedIn);
    for (const url of urls) {
      const me = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(admin.email);
      expect(me.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('show a write made on one server on it at once and on the others a moment later, cached reads included', async () => {
    const cookie = cookieOf(await login(1, admin.email, admin.password, '192.0.2.2'));
    // The category list is one of the reads each server keeps in its cache (docs/decisions/caching.md):
    // reading it twice on every server fills those caches before the write.
    const read = async (url: string) => {
      const res = await fetch(`${url}/api/categories?type=tools`);
      expect(res.headers.get('etag')).toMatch(/^W\//);
      return { etag: res.headers.get('etag'), names: ((await res.json()) as { name: string }[]).map((c) => c.name) };
    };
    const before = [];
    for (const url of urls) {
      await read(url);
      before.push(await read(url));
    }
    for (const { names } of before) expect(names).not.toContain('Written On One Server');

    const created = await post(`${urls[1]}/api/categories`, { name: 'Written On One Server', slug: 'written-on-one-server', type: 'tools', parentId: null, description: '', icon: '' }, { cookie });
    expect(created.status).toBe(201);
    // The server that wrote answers with it at once (read-your-writes); the others as soon as
    // PostgreSQL has pushed them the notification, a moment after the commit (docs/decisions/caching.md).
    const written = await read(urls[1]!);
    expect(written.names).toContain('Written On One Server');
    expect(written.etag).not.toBe(before[1]!.etag);
    for (const [i, url] of urls.entries()) {
      await expect.poll(async () => (await read(url)).names, { timeout: 2_000, interval: 20 }).toContain('Written On One Server');
      expect((await read(url)).etag).not.toBe(before[i]!.etag);
    }
  });

  it('count login attempts per address across all servers', async () => {
    const answers: number[] = [];
    for (let i = 0; i < ADDRESS_LIMIT; i++) answers.push((await login(i, `nobody-${i}@example.test`, 'whatever', '203.0.113.50')).status);
    expect(answers).toEqual(Array(ADDRESS_LIMIT).fill(401));
    const limited = await login(ADDRESS_LIMIT, 'nobody-else@example.test', 'whatever', '203.0.113.50');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many requests\. Please try again in/);
  });

  it('lock an account attacked from many addresses through all servers, and mail its owner once', async () => {
    const member = await post(`${urls[2]}/api/register`, { email: 'target@example.test', password: 'the-right-one', firstName: 'Tar', lastName: 'Get' }, { 'x-forwarded-for': '198.51.100.1' });
    expect(member.status).toBe(201);
    const answers: number[] = [];
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      // Each attempt comes from a new address; the wait the backoff asks for is skipped by moving it to the past.
      await db!.query(`update login_throttles set next_attempt_at = now() - interval '1 second' where email = 'target@example.test'`);
      answers.push((await login(i, 'target@example.test', `guess-${i}`, `198.51.100.${10 + i}`)).status);
    }
    expect(answers).toEqual([...Array(LOCK_AFTER_FAILURES - 1).fill(401), 429]);

    for (let server = 0; server < 3; server++) {
      const locked = await login(server, 'target@example.test', 'the-right-one', `198.51.100.${100 + server}`);
      expect(locked.status).toBe(429);
      expect(((await locked.json()) as { message: string }).message).toMatch(/this account is locked for 15 minutes/);
    }
    expect(await count(`select count(*) as n from outbox where "to" = 'target@example.test' and subject like '%locked%'`)).toBe(1);
  });

  it('send a saved search’s digest and a favourite’s change once, with every server looking for them every second', async () => {
    const signedIn = await post(`${urls[0]}/api/register`, { email: 'alerts@example.test', password: 'alerts-password', firstName: 'Al', lastName: 'Erts' }, { 'x-forwarded-for': '198.51.100.200' });
    expect(signedIn.status).toBe(201);
    const cookie = cookieOf(signedIn);
    const saved = await post(`${urls[1]}/api/saved-searches`, { name: 'Everything new', frequency: 'daily', type: 'tools', address: '/tools', filters: {} }, { cookie });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: number };
    // A tool goes live after the search was saved (the digest's one new match), and another is
    // favourited and then taken down (the favourite's change): not the same one, or the digest
    // would find nothing live to tell of.
    const insertTool = (slug: string, title: string) =>
      db!.query<{ id: number }>(
        `insert into listings (type, slug, title, description, category_id, provider_id, status)
         select 'tools', $2, $3, 'New', c.id, u.id, 'approved' from categories c, users u where c.type = 'tools' and u.email = $1 limit 1 returning id`,
        [DEMO_PROVIDER_EMAIL, slug, title],
      );
    await insertTool('raced-tool', 'Raced Tool');
    const gone = (await insertTool('gone-tool', 'Gone Tool')).rows[0]!.id;
    expect((await post(`${urls[2]}/api/favorites/${gone}`, {}, { cookie })).status).toBe(200);
    await db!.query(`update listings set status = 'rejected' where id = $1`, [gone]);
    await db!.query(`update saved_searches set next_digest_at = now() - interval '1 second' where id = $1`, [id]);

    const mails = (like: string) => count(`select count(*) as n from outbox where "to" = 'alerts@example.test' and subject like $1`, [like]);
    for (let waited = 0; waited < 20 && ((await mails('%Everything new%')) === 0 || (await mails('%no longer listed%')) === 0); waited++) await new Promise((resolve) => setTimeout(resolve, 500));
    // Several more turns of every server: still one of each.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await mails('1 new match for “Everything new”%')).toBe(1);
    expect(await mails('Gone Tool is no longer listed.%')).toBe(1);
  }, 60_000);
});
