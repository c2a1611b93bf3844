import type { Database } from '../../../db/client';
import type { adminUserCreateSchema } from '../../../shared/schemas/admin-user';
import type { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.queries';
import type { Mailer } from '../mail/mailer';
import { insertUserToken } from '../password-reset/user-tokens.queries';
import { refreshListingRating } from '../reviews/reviews.queries';
import { deleteSessionsOfUser } from '../../plugins/sessions.queries';
import { findUserByEmail, findUserById, findUserBySlug, insertUser, updateUser, type UserRow } from '../users/users.queries';
import { toUserJson } from '../users/user-json';
import * as queries from './admin-users.queries';

const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

type NewUserInput = z.output<typeof adminUserCreateSchema>;

/**
 * Creates an account without a password, and a one-time invitation link to set one. The link is
 * answered once (the administrator may copy it) and e-mailed; only its hash is stored. The account,
 * the link and the mail land together, so a failure cannot leave an account whose link is lost.
 */
export async function createUser({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }, admin: UserRow, input: NewUserInput) {
  const token = newToken();
  const invitationUrl = `${config.siteUrl}/invitation?token=${token}`;
  const user = await db.transaction(async (tx) => {
    if (await findUserById(tx, input.id)) throw AppError.conflict('A user with this id already exists');
    if (await findUserBySlug(tx, input.slug)) throw AppError.conflict('A user with this slug already exists');
    if (await findUserByEmail(tx, input.email)) throw AppError.conflict('An account with this email already exists');
    const row = await insertUser(tx, { ...input, passwordHash: null });
    await insertUserToken(tx, { tokenHash: hashToken(token), userId: row.id, purpose: 'invitation', expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS) });
    await recordAudit(tx, { actorId: admin.id, action: 'user.create', entityType: 'user', entityId: row.id, details: { email: row.email, isAdmin: row.isAdmin, isProvider: row.isProvider } });
    await mailer.queue(tx, {
      to: row.email,
      subject: `You are invited to ${config.siteName}`,
      text: [
        `Hello ${row.firstName ?? ''},`.trim(),
        '',
        `An administrator created an account for you on ${config.siteName}. Choose your password here to start using it:`,
        invitationUrl,
        '',
        'The link works once and expires in 7 days.',
      ].join('\n'),
    });
    return row;
  });
  mailer.deliver();
  return { user: toUserJson(user), invitationUrl };
}

async function changeFlag(db: Database, admin: UserRow, userId: string, flag: 'isAdmin' | 'isProvider', value: boolean) {
  if (flag === 'isAdmin' && userId === admin.id) throw AppError.forbidden('You cannot change your own admin status');
  return db.transaction(async (tx) => {
    const user = await updateUser(tx, userId, { [flag]: value });
    if (!user) throw AppError.notFound('User not found');
    await recordAudit(tx, { actorId: admin.id, action: flag === 'isAdmin' ? 'user.admin' : 'user.provider', entityType: 'user', entityId: userId, details: { email: user.email, [flag]: value } });
    return toUserJson(user);
  });
}

export const setAdmin = (db: Database, admin: UserRow, userId: string, isAdmin: boolean) => changeFlag(db, admin, userId, 'isAdmin', isAdmin);
export const setProvider = (db: Database, admin: UserRow, userId: string, isProvider: boolean) => changeFlag(db, admin, userId, 'isProvider', isProvider);

/**
 * Deletes the user with their listings, reviews, favourites and sessions in one transaction, and
 * recomputes the cached rating of every listing they had reviewed, so no average counts a ghost.
 */
export async function deleteUser(db: Database, admin: UserRow, userId: string) {
  if (userId === admin.id) throw AppError.forbidden('You cannot delete your own account');
  await db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw AppError.notFound('User not found');
    const reviewed = await queries.listingsReviewedBy(tx, userId);
    await deleteSessionsOfUser(tx, userId);
    await queries.deleteUserAndBelongings(tx, userId);
    for (const listingId of reviewed) await refreshListingRating(tx, listingId);
    await recordAudit(tx, { actorId: admin.id, action: 'user.delete', entityType: 'user', entityId: userId, details: { email: user.email } });
  });
}
