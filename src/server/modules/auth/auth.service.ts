import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import type { loginSchema, registerSchema } from '../../../shared/schemas/auth';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import { waitText } from '../../lib/retry-after';
import { slugWithSuffix } from '../../lib/slugs';
import {
  bookLoginAttempt,
  clearLoginFailures,
  findThrottle,
  LOCK_AFTER_FAILURES,
  LOCK_MINUTES,
  lockIfTooManyFailures,
} from './login-throttle.queries';
import type { Mailer } from '../mail/mailer';
import { findUserByEmail, insertUser, type UserRow } from '../users/users.queries';

// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow,
// so timing does not reveal which addresses have accounts.
let dummyHash: Promise<string> | undefined;

export async function register(db: Database, input: z.output<typeof registerSchema>): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) {
    throw AppError.conflict('An account with this email already exists. Please log in instead.');
  }
  return insertUser(db, {
    id: randomUUID(),
    slug: slugWithSuffix(`${input.firstName} ${input.lastName}`, 'member'),
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName,
  });
}

const lockedMessage = (seconds: number) =>
  `Too many failed sign-in attempts: this account is locked for ${LOCK_MINUTES} minutes. Try again in ${waitText(seconds)}, or reset your password.`;

/**
 * Checks the password, with a throttle per e-mail address that holds across servers and client
 * addresses (docs/decisions/rate-limits.md): after a few failures each attempt must wait longer,
 * and the failure that reaches the threshold locks sign-in for a while and e-mails the owner.
 * Unknown addresses are throttled alike, so the answers never tell whether an account exists.
 */
export async function login({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }, input: z.output<typeof loginSchema>): Promise<UserRow> {
  const email = input.email.toLowerCase();
  const failures = await bookLoginAttempt(db, email);
  if (failures === null) throw await refusal(db, email);

  const user = await findUserByEmail(db, email);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await (dummyHash ??= hashPassword('not-a-real-password')), input.password), false);
  if (valid && user) {
    await clearLoginFailures(db, email);
    return user;
  }

  if (failures >= LOCK_AFTER_FAILURES) {
    const locked = await db.transaction(async (tx) => {
      const lockedNow = await lockIfTooManyFailures(tx, email);
      if (lockedNow && user) await mailer.queue(tx, lockedMail(config, user.email));
      return lockedNow;
    });
    if (locked) {
      mailer.deliver();
      throw AppError.tooManyRequests(lockedMessage(LOCK_MINUTES * 60), LOCK_MINUTES * 60);
    }
  }
  throw AppError.unauthorized('Invalid email or password');
}

/** The 429 for an address that is waiting out its backoff or its lock. */
async function refusal(db: Database, email: string): Promise<AppError> {
  const throttle = await findThrottle(db, email);
  const now = throttle?.now.getTime() ?? Date.now();
  const lockedMs = throttle?.lockedUntil ? throttle.lockedUntil.getTime() - now : 0;
  if (lockedMs > 0) return AppError.tooManyRequests(lockedMessage(lockedMs / 1000), lockedMs / 1000);
  const waitMs = Math.max(1000, (throttle?.nextAttemptAt.getTime() ?? now) - now);
  return AppError.tooManyRequests(`Too many failed sign-in attempts for this email. Please wait ${waitText(waitMs / 1000)} before trying again.`, waitMs / 1000);
}

function lockedMail(config: Config, to: string) {
  return {
    to,
    subject: `Sign-in to your ${config.siteName} account is locked for ${LOCK_MINUTES} minutes`,
    text: [
      `Someone tried to sign in to your ${config.siteName} account with a wrong password ${LOCK_AFTER_FAILURES} times in a row,`,
      `so signing in is locked for ${LOCK_MINUTES} minutes. Your password has not been changed and nobody has signed in.`,
      '',
      'If it was you, wait a little and try again, or choose a new password with "Forgot password?" on the sign-in page:',
      `${config.siteUrl}/auth`,
      '',
      'If it was not you, someone may be guessing your password: choosing a new, longer one is a good idea.',
    ].join('\n'),
  };
}
