import type { User } from '../../../shared/types';
import type { UserRow } from './users.queries';

/** The public shape of a user: never the password hash. */
export function toUserJson(row: UserRow): User {
  return {
    id: row.id,
    slug: row.slug,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    website: row.website,
    bio: row.bio,
    profileImageUrl: row.profileImageUrl,
    isProvider: row.isProvider,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}
