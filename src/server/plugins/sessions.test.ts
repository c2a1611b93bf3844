import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/users';
import { createTestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories';
import { hashToken } from '../lib/tokens';

const { app, db } = await createTestApp();

const me = (cookie?: string) => app.inject({ url: '/api/auth/user', headers: cookie ? { cookie } : {} });

/** The session row behind a test user's cookie (the cookie is signed: the token is before the dot). */
function sessionOf(cookie: string) {
  const signed = decodeURIComponent(cookie.replace(/^sid=/, ''));
  const unsigned = app.unsignCookie(signed);
  return eq(sessions.tokenHash, hashToken(unsigned.value!));
}

const lastSeen = async (cookie: string) => (await db.select({ at: sessions.lastSeenAt }).from(sessions).where(sessionOf(cookie)))[0]?.at;

describe('session idle timeout', () => {
  it('ends a session unused for 7 days, however far its expiry', async () => {
    const user = await createUser(app, db);
    expect((await me(user.cookie)).statusCode).toBe(200);
    await db.update(sessions).set({ lastSeenAt: sql`now() - interval '7 days 1 minute'` }).where(sessionOf(user.cookie));
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('keeps a session in use alive, recording its use at most once an hour', async () => {
    const user = await createUser(app, db);
    await db.update(sessions).set({ lastSeenAt: sql`now() - interval '6 days'` }).where(sessionOf(user.cookie));
    expect((await me(user.cookie)).statusCode).toBe(200);
    const touched = await lastSeen(user.cookie);
    expect(Date.now() - touched!.getTime()).toBeLessThan(60 * 60_000);

    await db.update(sessions).set({ lastSeenAt: sql`now() - interval '30 minutes'` }).where(sessionOf(user.cookie));
    const before = await lastSeen(user.cookie);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect(await lastSeen(user.cookie)).toEqual(before);
  });
});

describe('Cache-Control of private answers', () => {
  it('marks every answer to a signed-in request private, no-store, public ones included', async () => {
    const user = await createUser(app, db, { isAdmin: true });
    for (const url of ['/api/auth/user', '/api/admin/overview', '/api/provider/stats', '/api/favorites', '/api/services', '/api/categories']) {
      const res = await app.inject({ url, headers: { cookie: user.cookie } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('marks account and admin answers so without a valid session too, but leaves public reads to anyone', async () => {
    for (const cookie of [undefined, 'sid=forged']) {
      const res = await me(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect((await app.inject({ url: '/api/admin/users', headers: cookie ? { cookie } : {} })).headers['cache-control']).toBe('private, no-store');
    }
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'someone@example.test', password: 'whatever' } });
    expect(login.headers['cache-control']).toBe('private, no-store');
    // A visitor's list is a cached public answer: browsers may keep it, and ask again each time (ETag).
    expect((await app.inject({ url: '/api/services' })).headers['cache-control']).toBe('no-cache');
  });

  it('lets browsers keep the brand only until it changes', async () => {
    const user = await createUser(app, db);
    // An administrator may save a new brand at any moment: a visitor's browser asks again each time (ETag)...
    expect((await app.inject({ url: '/api/site' })).headers['cache-control']).toBe('no-cache');
    // ...and a signed-in person's answer is theirs alone, like every other.
    expect((await app.inject({ url: '/api/site', headers: { cookie: user.cookie } })).headers['cache-control']).toBe('private, no-store');
  });
});
