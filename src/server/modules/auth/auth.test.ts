import { describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie } from '../../../../test/test-app';
import { createUser, TEST_PASSWORD } from '../../../../test/factories';

const { app, db } = await createTestApp();

const register = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/register', payload });

describe('registration', () => {
  it('creates the account, signs it in and never returns the password hash', async () => {
    const res = await register({ email: 'Ada@Example.com', password: 'secret1', firstName: 'Ada', lastName: 'Lovelace', companyName: '' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', companyName: null, isAdmin: false, isProvider: false });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user.slug).toMatch(/^ada-lovelace-[0-9a-f]{6}$/);

    const me = await app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('answers the spec messages for bad input', async () => {
    const res = await register({ email: 'nope', password: '123', firstName: ' ', lastName: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    await register({ email: 'dup@example.com', password: 'secret1', firstName: 'A', lastName: 'B' });
    const res = await register({ email: 'DUP@example.com', password: 'secret1', firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
  });

  it('answers 400, not 500, for a body that is not an object', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/register', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    const broken = await app.inject({ method: 'POST', url: '/api/register', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
  });
});

describe('login and logout', () => {
  it('signs in with the right password and gives a new session id each time', async () => {
    const user = await createUser(app, db);
    const first = await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } });
    const second = await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD } });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(sessionCookie(first)).not.toBe(sessionCookie(second));
    const cookie = first.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });

  it('refuses a wrong password or unknown e-mail with the same message', async () => {
    const user = await createUser(app, db);
    const wrong = await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'wrong-password' } });
    const unknown = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nobody@example.com', password: 'whatever' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('answers 401 for the current user when signed out or with a forged cookie', async () => {
    expect((await app.inject({ url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: 'sid=forged' } })).statusCode).toBe(401);
  });

  it('ends the session at logout and redirects home', async () => {
    const user = await createUser(app, db);
    const res = await app.inject({ url: '/api/logout', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).statusCode).toBe(401);
  });

  it('sends /api/login to the sign-in screen', async () => {
    const res = await app.inject({ url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth');
  });
});

describe('rate limiting', () => {
  it('answers 429 after too many login attempts from one address', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    const attempt = () => limited.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x@example.com', password: 'whatever' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBeTruthy();
  });

  it('is not dodged by a forged X-Forwarded-For header', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    const attempt = (n: number) =>
      limited.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-forwarded-for': `203.0.113.${n}` }, payload: { email: 'x@example.com', password: 'whatever' } });
    for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(99)).statusCode).toBe(429);
  });

  it('counts per visitor behind a trusted proxy', async () => {
    const proxied = await createTestApp({ authRateLimitPerMinute: 3, trustProxy: true });
    const attempt = (visitor: string) =>
      proxied.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-forwarded-for': visitor }, payload: { email: 'x@example.com', password: 'whatever' } });
    for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.1')).statusCode).toBe(401);
    expect((await attempt('203.0.113.1')).statusCode).toBe(429);
    expect((await attempt('203.0.113.2')).statusCode).toBe(401);
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON', async () => {
    const res = await app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Not found/);
  });
});
