import fastifyCookie from '@fastify/cookie';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import type { ReplicaSet } from '../../db/read-replicas';
import { createReadDb, RECENT_WRITE_COOKIE, readYourWritesMs, registerReadYourWrites } from './read-db';

// Which handle a request is given, by two servers of one site (the same secret). The handles are
// never queried (their pools connect on first use): the replica tests (test/read-replicas.postgres.test.ts)
// read through real ones. No database is opened: a unit test.
const primary = drizzle(new pg.Pool({ connectionString: 'postgres://primary.invalid/db' })) as unknown as Database;
const replica = drizzle(new pg.Pool({ connectionString: 'postgres://replica.invalid/db' })) as unknown as Database;
const publicPrimary = drizzle(new pg.Pool({ connectionString: 'postgres://primary.invalid/db' })) as unknown as Database;
const config = { replicaMaxLagMs: 5_000, secureCookies: false };
let clock = 1_000_000;
const now = () => clock;

// Whether there are replicas is all the choice asks of the replica set: it is never queried here.
const someReplicas = {} as ReplicaSet;

async function server(database: { db: Database; reads: Database; replicas?: ReplicaSet }, { closeAfterAll = true } = {}) {
  const app = Fastify();
  await app.register(fastifyCookie, { secret: 'the-same-secret-on-every-server-of-this-site' });
  registerReadYourWrites(app, database, config, now);
  const reads = createReadDb(database, config, now);
  app.get('/read', async (request) => ({ handle: reads.for(request) === primary ? 'primary' : reads.for(request) === publicPrimary ? 'public primary' : 'replica' }));
  app.post('/write', async () => ({ ok: true }));
  app.delete('/write', async (_request, reply) => reply.status(404).send({ message: 'Not found' }));
  await app.ready();
  if (closeAfterAll) afterAll(() => app.close());
  return app;
}

const [first, second] = await Promise.all([server({ db: primary, reads: replica, replicas: someReplicas }), server({ db: primary, reads: replica, replicas: someReplicas })]);

const recentWrite = (response: { cookies: { name: string; value: string; maxAge?: number; httpOnly?: boolean }[] }) => response.cookies.find((cookie) => cookie.name === RECENT_WRITE_COOKIE);
const handleOf = async (app: typeof first, cookie?: string) => (await app.inject({ url: '/read', headers: cookie ? { cookie } : {} })).json<{ handle: string }>().handle;

describe('reads after their own writes', () => {
  it('a public read goes to the replicas', async () => {
    expect(await handleOf(first)).toBe('replica');
  });

  it('a write marks its author, whose reads on any server go to the primary for the window, then to the replicas again', async () => {
    const write = await first.inject({ method: 'POST', url: '/write' });
    const cookie = recentWrite(write);
    expect(cookie).toMatchObject({ httpOnly: true, maxAge: Math.ceil(readYourWritesMs(config) / 1000) });
    const header = `${RECENT_WRITE_COOKIE}=${cookie!.value}`;
    expect(await handleOf(first, header)).toBe('primary');
    expect(await handleOf(second, header)).toBe('primary');

    clock += readYourWritesMs(config) - 1;
    expect(await handleOf(second, header)).toBe('primary');
    clock += 1;
    expect(await handleOf(second, header)).toBe('replica');
  });

  it('a refused write marks its author too', async () => {
    expect(recentWrite(await first.inject({ method: 'DELETE', url: '/write' }))).toBeDefined();
  });

  it('a read sets nothing, and a cookie not signed by the site counts for nothing', async () => {
    expect(recentWrite(await first.inject({ url: '/read' }))).toBeUndefined();
    expect(await handleOf(first, `${RECENT_WRITE_COOKIE}=${clock}`)).toBe('replica');
    expect(await handleOf(first, `${RECENT_WRITE_COOKIE}=${clock}.forged-signature`)).toBe('replica');
  });

  it("without replicas every public read is the primary's, on its pool for public reads, and no write is marked", async () => {
    const single = await server({ db: primary, reads: publicPrimary }, { closeAfterAll: false });
    try {
      const wrote = await single.inject({ method: 'POST', url: '/write' });
      expect(recentWrite(wrote)).toBeUndefined();
      expect(await handleOf(single)).toBe('public primary');
    } finally {
      await single.close();
    }
  });
});
