import type { z } from 'zod';
import type { Database } from '../../../db/client';
import type { profileUpdateSchema } from '../../../shared/schemas/auth';
import { AppError } from '../../lib/app-error';
import { isDataUrl } from '../../lib/image-files';
import { saveAvatarFromDataUrl } from '../images/images.service';
import { findUserByEmail, updateUser, type UserRow } from './users.queries';

const storedImageUrl = /^(\/api\/images\/[\w-]+|https?:\/\/\S+)$/;

export async function updateProfile(db: Database, user: UserRow, input: z.output<typeof profileUpdateSchema>): Promise<UserRow> {
  const owner = await findUserByEmail(db, input.email);
  if (owner && owner.id !== user.id) throw AppError.conflict('Another account already uses this email address.');

  let profileImageUrl = input.profileImageUrl;
  if (profileImageUrl && !isDataUrl(profileImageUrl) && !storedImageUrl.test(profileImageUrl)) {
    throw AppError.badRequest('Invalid profile image');
  }

  return db.transaction(async (tx) => {
    if (profileImageUrl && isDataUrl(profileImageUrl)) {
      profileImageUrl = await saveAvatarFromDataUrl(tx, profileImageUrl, user.id);
    }
    const updated = await updateUser(tx, user.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      companyName: input.companyName,
      website: input.website,
      bio: input.bio,
      profileImageUrl,
      // Saving the provider dashboard's profile form makes the user a provider; nothing else can.
      ...(input.isProvider && { isProvider: true }),
    });
    return updated!;
  });
}
