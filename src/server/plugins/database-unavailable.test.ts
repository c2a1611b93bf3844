import net from 'node:net';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { users } from '../../db/schema/users';
import { isDatabaseUnavailable } from '../../db/database-error';
import { healthRoutes } from '../modules/health/health.routes';
import { registerErrorHandler } from './error-handler';
import { responseSerializer } from './response-serializer';

// A real node-postgres pool pointed at a port where nothing listens: the connection is refused, as
// when PostgreSQL is down. (npm run test:faults kills a real server under load; this is the quick check.)
const closedPort = await new Promise<number>((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});
const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${closedPort}/postgres` });
const app = Fastify({ logger: false });
// As buildApp does: the health route declares zod schemas.
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(responseSerializer({ checkAnswers: true }));
registerErrorHandler(app);
app.get('/read', async () => database.db.select().from(users).limit(1));
app.get('/write', async () => database.db.transaction(async (tx) => tx.insert(users).values({ id: 'x', slug: 'x', email: 'x@example.test' })));
await app.register(async (scope) => healthRoutes(database.ping)(scope, {} as never));
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('while the database cannot be reached', () => {
  it('answers reads and writes 503 with a JSON message and Retry-After, not 500', async () => {
    for (const url of ['/read', '/write']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual({ message: 'The service is temporarily unavailable. Please try again in a moment.' });
      expect(res.headers['retry-after'], url).toBe('5');
    }
  });

  it('answers /api/health 503', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The database is not answering.' });
  });

  it('tells an unreachable database from a refused statement', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable({ message: 'Failed query', cause: new Error('Connection terminated unexpectedly') })).toBe(true);
    expect(isDatabaseUnavailable({ cause: { code: '57P03', message: 'the database system is starting up' } })).toBe(true);
    expect(isDatabaseUnavailable({ cause: { code: '23505', message: 'duplicate key value' } })).toBe(false);
    expect(isDatabaseUnavailable(new Error('secret internals'))).toBe(false);
  });
});
