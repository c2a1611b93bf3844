import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../../db/schema/messages';
import { users, userTokens } from '../../../db/schema/users';
import { hashToken } from '../../lib/tokens';
import { createTestApp, sessionCookie } from '../../../../test/test-app';
import { createUser, TEST_PASSWORD } from '../../../../test/factories';
import { issueUserToken, PASSWORD_RESET_REQUESTED } from './password-reset.service';

const { app, db, config } = await createTestApp();

const requestReset = (email: unknown) => app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email } });
const confirm = (payload: unknown) => app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: payload as object });
const acceptInvitation = (payload: unknown) => app.inject({ method: 'POST', url: '/api/invitations/accept', payload: payload as object });
const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const currentUser = (cookie: string) => app.inject({ url: '/api/auth/user', headers: { cookie } });

async function lastMailTo(to: string) {
  const [mail] = await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return mail;
}

function tokenFrom(text: string) {
  const link = /(\S+\/reset-password\?token=(\S+))/.exec(text);
  if (!link) throw new Error(`no reset link in: ${text}`);
  return { link: link[1]!, token: decodeURIComponent(link[2]!) };
}

describe('asking for a reset link', () => {
  it('answers the same 202 whether or not the address has an account', async () => {
    const user = await createUser(app, db);
    const known = await requestReset(user.email.toUpperCase());
    const unknown = await requestReset('nobody-here@example.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
    expect(unknown.json()).toEqual(known.json());
    expect(await lastMailTo('nobody-here@example.test')).toBeUndefined();
  });

  it('e-mails a one-hour link to the site and stores only the hash of its token', async () => {
    const user = await createUser(app, db);
    await requestReset(user.email);
    const mail = await lastMailTo(user.email);
    expect(mail!.subject).toBe(`Reset your ${config.siteName} password`);
    const { link, token } = tokenFrom(mail!.text);
    expect(link.startsWith(`${config.siteUrl}/reset-password?token=`)).toBe(true);

    const rows = await db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.purpose).toBe('password-reset');
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(61 * 60 * 1000);
  });

  it('answers 400 for a missing or malformed address', async () => {
    for (const email of [undefined, '', 'not-an-email', 42]) {
      const res = await requestReset(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid email');
    }
  });
});

describe('setting the new password', () => {
  it('sets the password, ends every other session, and signs the person in', async () => {
    const user = await createUser(app, db);
    const otherDevice = (await login(user.email, TEST_PASSWORD)).cookies.find((c) => c.name === 'sid')!;
    await requestReset(user.email);
    const { token } = tokenFrom((await lastMailTo(user.email))!.text);

    const res = await confirm({ token, password: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email });
    expect(res.json()).not.toHaveProperty('passwordHash');

    expect((await currentUser(sessionCookie(res))).statusCode).toBe(200);
    expect((await currentUser(user.cookie)).statusCode).toBe(401);
    expect((await currentUser(`sid=${otherDevice.value}`)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('works once: a used link answers 400', async () => {
    const user = await createUser(app, db);
    await requestReset(user.email);
    const { token } = tokenFrom((await lastMailTo(user.email))!.text);
    expect((await confirm({ token, password: 'first-new-pass' })).statusCode).toBe(200);
    const again = await confirm({ token, password: 'second-new-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid, has expired or was already used/);
  });

  it('only the newest link works', async () => {
    const user = await createUser(app, db);
    await requestReset(user.email);
    const older = tokenFrom((await lastMailTo(user.email))!.text).token;
    await requestReset(user.email);
    const newer = tokenFrom((await lastMailTo(user.email))!.text).token;
    expect(newer).not.toBe(older);
    expect((await confirm({ token: older, password: 'another-pass' })).statusCode).toBe(400);
    expect((await confirm({ token: newer, password: 'another-pass' })).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(app, db);
    const token = await issueUserToken(db, user.id, 'password-reset', 60_000);
    await db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userTokens.tokenHash, hashToken(token)));
    const res = await confirm({ token, password: 'late-new-pass' });
    expect(res.statusCode).toBe(400);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses unknown tokens, short passwords and missing fields with 400', async () => {
    const user = await createUser(app, db);
    const token = await issueUserToken(db, user.id, 'password-reset', 60_000);
    expect((await confirm({ token: 'made-up-token', password: 'whatever1' })).statusCode).toBe(400);
    const short = await confirm({ token, password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters');
    for (const payload of [{}, { token }, { password: 'whatever1' }, { token: 12, password: 'whatever1' }, { token: '', password: 'whatever1' }]) {
      expect((await confirm(payload)).statusCode).toBe(400);
    }
    // The failed attempts did not use the token up.
    expect((await confirm({ token, password: 'finally-ok' })).statusCode).toBe(200);
  });

  it('keeps the two purposes apart: a reset token is no invitation and the other way round', async () => {
    const user = await createUser(app, db);
    const resetToken = await issueUserToken(db, user.id, 'password-reset', 60_000);
    const invitationToken = await issueUserToken(db, user.id, 'invitation', 60_000);
    const wrongWay = await acceptInvitation({ token: resetToken, password: 'whatever1' });
    expect(wrongWay.statusCode).toBe(400);
    expect(wrongWay.json().message).toMatch(/invitation link is invalid/);
    expect((await confirm({ token: invitationToken, password: 'whatever1' })).statusCode).toBe(400);
  });
});

describe('accepting an invitation', () => {
  it('lets a user created without a password choose one and signs them in', async () => {
    const [invited] = await db
      .insert(users)
      .values({ id: randomUUID(), slug: `invited-${randomUUID()}`, email: `invited-${randomUUID()}@example.test`, firstName: 'New', lastName: 'Colleague' })
      .returning();
    if (!invited) throw new Error('no user');
    const token = await issueUserToken(db, invited.id, 'invitation', 7 * 24 * 60 * 60 * 1000);
    const res = await acceptInvitation({ token, password: 'my-own-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(invited.id);
    expect((await currentUser(sessionCookie(res))).statusCode).toBe(200);
    expect((await login(invited.email, 'my-own-pass')).statusCode).toBe(200);
    expect((await acceptInvitation({ token, password: 'my-own-pass' })).statusCode).toBe(400);
  });
});

describe('rate limiting', () => {
  it('answers 429 after too many reset requests from one address', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 2 });
    const ask = () => limited.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: 'x@example.test' } });
    expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(429);
  });
});
