import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../db/schema/limits';
import { buildApp } from '../app';
import { createTestApp } from '../../../test/test-app';
import { RESET_MAILS_PER_HOUR } from '../modules/password-reset/password-reset.routes';
import { deleteEndedCounters } from './rate-limit.queries';

// Two apps on one database stand for two servers behind a proxy: the counters are in the database.
const first = await createTestApp({ authRateLimitPerMinute: 3, trustProxy: true });
const second = await buildApp({ config: first.config, database: first.database });
await second.ready();
afterAll(() => second.close());

const attempt = (app: typeof second, visitor: string, email = 'someone@example.test') =>
  app.inject({ method: 'POST', url: '/api/login', headers: { 'x-forwarded-for': visitor }, payload: { email: `${visitor}-${email}`, password: 'whatever' } });

describe('rate limits shared by every server', () => {
  it('count one address on all servers together, and the 429 says when to try again', async () => {
    expect((await attempt(first.app, '203.0.113.10')).statusCode).toBe(401);
    expect((await attempt(second, '203.0.113.10')).statusCode).toBe(401);
    expect((await attempt(first.app, '203.0.113.10')).statusCode).toBe(401);
    const limited = await attempt(second, '203.0.113.10');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json().message).toMatch(/^Too many requests\. Please try again in (\d+ seconds?|1 minute)\.$/);
    // Another visitor behind the same proxy has a quota of their own.
    expect((await attempt(second, '203.0.113.11')).statusCode).toBe(401);
  });

  it('limit reset links to one mailbox, whichever addresses ask', async () => {
    const ask = (visitor: number) =>
      (visitor % 2 ? first.app : second).inject({
        method: 'POST',
        url: '/api/password-reset/request',
        headers: { 'x-forwarded-for': `198.51.100.${visitor}` },
        payload: { email: 'Target@Example.test' },
      });
    for (let i = 0; i < RESET_MAILS_PER_HOUR; i++) expect((await ask(i)).statusCode).toBe(202);
    const limited = await ask(99);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(limited.json().message).toMatch(/^Too many requests\. Please try again in (59|60) minutes\.$/);
  });

  it('forget windows that have ended', async () => {
    await first.db.update(rateLimitCounters).set({ resetAt: sql`now() - interval '1 second'` });
    await deleteEndedCounters(first.db);
    expect(await first.db.select().from(rateLimitCounters)).toEqual([]);
    expect((await attempt(first.app, '203.0.113.10')).statusCode).toBe(401);
  });
});
