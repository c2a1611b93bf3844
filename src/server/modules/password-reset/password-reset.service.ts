import type { Database, Executor } from '../../../db/client';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer } from '../mail/mailer';
import { clearLoginFailures } from '../auth/login-throttle.queries';
import { deleteSessionsOfUser } from '../../plugins/sessions.queries';
import { findUserByEmail, updateUser, type UserRow } from '../users/users.queries';
import { expireOpenTokens, insertUserToken, lockUserToken, type TokenPurpose } from './user-tokens.queries';

const HOUR = 60 * 60 * 1000;
export const PASSWORD_RESET_LIFETIME_MS = HOUR;

/** The same answer whether or not the address has an account, so the form cannot be used to find members. */
export const PASSWORD_RESET_REQUESTED =
  'If an account exists for that email, we have sent it a link to reset the password. The link is valid for 1 hour.';

/** The links that set a password (a listing claim's link is the listing-claims module's). */
type PasswordPurpose = Exclude<TokenPurpose, 'listing-claim'>;

const invalidLink: Record<PasswordPurpose, string> = {
  'password-reset': 'This password reset link is invalid, has expired or was already used. Please request a new one.',
  invitation: 'This invitation link is invalid, has expired or was already used. Please ask an administrator for a new invitation.',
};

/**
 * A new one-time link for the user (password reset, or an administrator's invitation): any older
 * open link of the same purpose stops working. Only the token's hash is stored; the answer is the
 * token itself, to put in the link. Run it in the transaction that also queues the mail.
 */
export async function issueUserToken(tx: Executor, userId: string, purpose: TokenPurpose, lifetimeMs: number): Promise<string> {
  const token = newToken();
  await expireOpenTokens(tx, userId, purpose);
  await insertUserToken(tx, { tokenHash: hashToken(token), userId, purpose, expiresAt: new Date(Date.now() + lifetimeMs) });
  return token;
}

/**
 * The link and its mail are written together; delivery happens after the answer, so an unknown
 * address and a known one are answered alike and about as fast.
 */
export async function requestPasswordReset({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  await db.transaction(async (tx) => {
    const token = await issueUserToken(tx, user.id, 'password-reset', PASSWORD_RESET_LIFETIME_MS);
    await mailer.queue(tx, resetMail(config, user.email, token));
  });
  mailer.deliver();
}

function resetMail(config: Config, to: string, token: string) {
  const link = `${config.siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Reset your ${config.siteName} password`,
    text: [
      `Someone (hopefully you) asked to reset the password of your ${config.siteName} account.`,
      '',
      'Choose a new password within 1 hour here:',
      link,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * Where a password reset or an invitation link ends: checks the one-time token, sets the new
 * password, uses the token up and ends every session of the user (a stolen session must not
 * outlive a password change; docs/decisions/0002-sessions.md). The caller then starts a fresh
 * session for the browser that set the password.
 */
export async function setPasswordWithToken(db: Database, token: string, password: string, purpose: PasswordPurpose): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await lockUserToken(tx, hashToken(token), purpose);
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw AppError.badRequest(invalidLink[purpose]);

    await expireOpenTokens(tx, row.userId, purpose);
    const user = await updateUser(tx, row.userId, { passwordHash });
    if (!user) throw AppError.badRequest(invalidLink[purpose]);
    await deleteSessionsOfUser(tx, row.userId);
    // Whoever holds the link owns the mailbox: a sign-in lock the owner's new password follows is lifted.
    await clearLoginFailures(tx, user.email.toLowerCase());
    return user;
  });
}
