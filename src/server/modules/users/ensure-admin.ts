import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/client';
import { hashPassword } from '../../../lib/passwords';
import { slugWithSuffix } from '../../lib/slugs';
import { findUserByEmail, insertUser, updateUser } from './users.queries';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start-up: create that administrator, or promote the existing
 * account. An existing password is left alone, so changing ADMIN_PASSWORD later does not reset it.
 */
export async function ensureAdmin(db: Database, admin: { email: string; password: string }) {
  const existing = await findUserByEmail(db, admin.email);
  if (existing) {
    const passwordHash = existing.passwordHash ?? (await hashPassword(admin.password));
    if (!existing.isAdmin || !existing.passwordHash) await updateUser(db, existing.id, { isAdmin: true, passwordHash });
    return { created: false };
  }
  await insertUser(db, {
    id: randomUUID(),
    slug: slugWithSuffix('admin'),
    email: admin.email.toLowerCase(),
    passwordHash: await hashPassword(admin.password),
    firstName: 'Site',
    lastName: 'Administrator',
    isAdmin: true,
  });
  return { created: true };
}
