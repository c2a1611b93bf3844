import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema/categories';
import { users } from '../../db/schema/users';
import { openTestDatabase } from '../../../test/test-database';
import { AppError } from '../lib/app-error';
import { registerErrorHandler } from './error-handler';

// Real database errors, as Drizzle throws them (wrapped, with the driver's error as the cause).
const database = await openTestDatabase();
const { db } = database;
const app = Fastify({ logger: false });
registerErrorHandler(app);
app.get('/duplicate', async () => {
  await db.insert(users).values({ id: 'twin', slug: 'twin-a', email: 'twin-a@example.test' });
  await db.insert(users).values({ id: 'twin', slug: 'twin-b', email: 'twin-b@example.test' });
});
app.get('/missing-parent', async () => {
  await db.insert(categories).values({ name: 'Orphan', slug: 'orphan', type: 'tools', parentId: 987654 });
});
app.get('/nul', async () => {
  await db.insert(users).values({ id: 'nul', slug: 'nul', email: 'bad\u0000@example.test' });
});
app.get('/expected', async () => {
  throw AppError.conflict('This slug is taken');
});
app.get('/unexpected', async () => {
  throw new Error('secret internals');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the error handler', () => {
  it('answers 409 for a unique violation inside a Drizzle error', async () => {
    const res = await app.inject({ url: '/duplicate' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'That already exists.' });
  });

  it('answers 409 for a foreign key that points nowhere', async () => {
    const res = await app.inject({ url: '/missing-parent' });
    expect(res.statusCode).toBe(409);
  });

  it('answers 400 for a value the database refuses', async () => {
    const res = await app.inject({ url: '/nul' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid input' });
  });

  it("passes an AppError's status and message through", async () => {
    const res = await app.inject({ url: '/expected' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This slug is taken' });
  });

  it('answers a bare 500 that reveals nothing for anything else', async () => {
    const res = await app.inject({ url: '/unexpected' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
  });
});
