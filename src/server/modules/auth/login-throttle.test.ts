import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginThrottles } from '../../../db/schema/limits';
import { outbox } from '../../../db/schema/messages';
import { createTestApp, sessionCookie } from '../../../../test/test-app';
import { createUser, TEST_PASSWORD } from '../../../../test/factories';
import { FREE_FAILURES, LOCK_AFTER_FAILURES } from './login-throttle.queries';

// Per-account throttling of failed sign-ins (docs/decisions/rate-limits.md). The address limit is
// raised by createTestApp, so only the account's own throttle answers here.
const { app, db } = await createTestApp();

const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

/** Waits out the current backoff the quick way: the recorded "next attempt" moves to the past. */
const endBackoff = (email: string) =>
  db.update(loginThrottles).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(loginThrottles.email, email.toLowerCase()));

async function failTimes(email: string, times: number) {
  const answers: number[] = [];
  for (let i = 0; i < times; i++) {
    await endBackoff(email);
    answers.push((await login(email, 'wrong-password')).statusCode);
  }
  return answers;
}

describe('failed sign-ins for one account', () => {
  it(`cost nothing for the first ${FREE_FAILURES}, then make each next attempt wait twice as long, saying how long`, async () => {
    const user = await createUser(app, db);
    const waitAfterFailure = async () => {
      const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.email, user.email));
      return (row!.nextAttemptAt.getTime() - row!.lastFailureAt.getTime()) / 1000;
    };
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);
      expect(await waitAfterFailure()).toBe(0);
    }
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      expect(await failTimes(user.email, 1)).toEqual([401]);
      waits.push(await waitAfterFailure());
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);

    // Within those 16 seconds even the right password waits, and the answer says for how long.
    const waiting = await login(user.email, TEST_PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toMatch(/^Too many failed sign-in attempts for this email\. Please wait \d+ seconds? before trying again\.$/);
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(16);

    // Once the wait is over the right password works, and the slate is wiped.
    await endBackoff(user.email);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await db.select().from(loginThrottles).where(eq(loginThrottles.email, user.email))).toEqual([]);
  });

  it(`lock the account at the ${LOCK_AFTER_FAILURES}th, with a clear message, Retry-After and one e-mail to the owner`, async () => {
    const user = await createUser(app, db);
    const answers = await failTimes(user.email.toUpperCase(), LOCK_AFTER_FAILURES);
    expect(answers.slice(0, -1)).toEqual(Array(LOCK_AFTER_FAILURES - 1).fill(401));
    expect(answers.at(-1)).toBe(429);

    const locked = await login(user.email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(
      /^Too many failed sign-in attempts: this account is locked for 15 minutes\. Try again in (14|15) minutes, or reset your password\.$/,
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // A locked account stays locked when the backoff alone would have let the attempt through.
    await endBackoff(user.email);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);

    const mails = await db.select().from(outbox).where(eq(outbox.to, user.email)).orderBy(desc(outbox.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/locked for 15 minutes/);
    expect(mails[0]!.text).toContain(`wrong password ${LOCK_AFTER_FAILURES} times`);
  });

  it('throttle unknown addresses alike, without mail, so the answers do not reveal which accounts exist', async () => {
    const answers = await failTimes('nobody-at-all@example.test', LOCK_AFTER_FAILURES);
    expect(answers.at(-1)).toBe(429);
    const locked = await login('nobody-at-all@example.test', 'whatever');
    expect(locked.json().message).toMatch(/this account is locked for 15 minutes/);
    expect(await db.select().from(outbox).where(eq(outbox.to, 'nobody-at-all@example.test'))).toEqual([]);
  });

  it('end when the owner sets a new password through a reset link', async () => {
    const user = await createUser(app, db);
    await failTimes(user.email, LOCK_AFTER_FAILURES);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);

    await app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: user.email } });
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, user.email)).orderBy(desc(outbox.id)).limit(1);
    const token = decodeURIComponent(/reset-password\?token=(\S+)/.exec(mail!.text)![1]!);
    const reset = await app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password: 'a-new-password' } });
    expect(reset.statusCode).toBe(200);
    expect(sessionCookie(reset)).toBeTruthy();
    expect((await login(user.email, 'a-new-password')).statusCode).toBe(200);
  });

  it('from many servers at once still let only one attempt through per backoff', async () => {
    const user = await createUser(app, db);
    await failTimes(user.email, FREE_FAILURES + 1);
    await endBackoff(user.email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => login(user.email, 'wrong-password')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
  });
});
