import type { Database } from '../../../db/client';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import type { ChangePasswordPayload, DeleteAccountPayload } from '../../../shared/schemas/account';
import { AppError } from '../../lib/app-error';
import { deleteOtherSessions, deleteSessionsOfUser } from '../../plugins/sessions.queries';
import { deleteUserAndBelongings, listingsReviewedBy } from '../admin/admin-users.queries';
import { recordAudit } from '../audit/audit.queries';
import { refreshListingRating } from '../reviews/reviews.queries';
import { updateUser, type UserRow } from '../users/users.queries';

/** A wrong password is a field error (400), not a 401: the person is signed in, and stays so. */
async function checkPassword(user: UserRow, password: string, field: string) {
  if (!user.passwordHash) throw AppError.badRequest('Your account has no password yet: set one with "Forgot password?" on the sign-in page.', { [field]: 'No password set' });
  if (!(await verifyPassword(user.passwordHash, password))) throw AppError.badRequest('That is not your current password.', { [field]: 'That is not your current password.' });
}

/**
 * Sets a new password once the current one is given, and ends every other session of the
 * account (a stolen session must not outlive a password change; docs/decisions/0002-sessions.md).
 * The browser that changed it stays signed in: it has just proved the password.
 */
export async function changePassword(db: Database, user: UserRow, currentSessionHash: string, input: ChangePasswordPayload) {
  await checkPassword(user, input.currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await deleteOtherSessions(tx, user.id, currentSessionHash);
  });
}

/**
 * Deletes the signed-in person's own account, once their password is given, in one transaction
 * (docs/decisions/account-deletion.md): their reviews go and the ratings they counted in are
 * recomputed; a provider's listings are taken down with their partner terms and figures, and the
 * leads in their inbox with them; messages they sent stay with the providers who received them,
 * signed with the name and address they typed; their reports stay open for a decision; every
 * session ends. The audit log records it, with the e-mail address, as it does an administrator's
 * deletion. An administrator is refused: another administrator removes the admin role first, so
 * the site is never left without one by mistake.
 */
export async function deleteOwnAccount(db: Database, user: UserRow, input: DeleteAccountPayload) {
  await checkPassword(user, input.password, 'password');
  if (user.isAdmin) throw AppError.forbidden('Administrators cannot delete their own account: ask another administrator to remove your admin role first.');
  await db.transaction(async (tx) => {
    const reviewed = await listingsReviewedBy(tx, user.id);
    // Before the account goes: the entry copies the e-mail address of its actor.
    await recordAudit(tx, { actorId: user.id, action: 'account.delete', entityType: 'user', entityId: user.id, details: { email: user.email, provider: user.isProvider } });
    await deleteSessionsOfUser(tx, user.id);
    await deleteUserAndBelongings(tx, user.id);
    for (const listingId of reviewed) await refreshListingRating(tx, listingId);
  });
}
