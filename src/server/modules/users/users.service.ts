import type { z } from 'zod';
import type { Database } from '../../../db/client';
import type { profileUpdateSchema } from '../../../shared/schemas/auth';
import { AppError } from '../../lib/app-error';
import type { EncodedImage } from '../../../lib/encoded-image';
import { isDataUrl } from '../../lib/image-files';
import { deleteReplacedAvatar, encodeAvatar, saveImage } from '../images/images.service';
import { findUserByEmail, updateUser, type UserRow } from './users.queries';

/**
 * What the form may send as profileImageUrl: a new upload (a data URL), the picture the user
 * already has, or nothing. Any other URL is refused: a profile must not point at someone else's
 * image or at a tracker on another site, and it rides along in every listing response.
 */
async function avatarChange(user: UserRow, requested: string | null): Promise<{ url: string | null; upload?: EncodedImage }> {
  if (requested && isDataUrl(requested)) return { url: null, upload: await encodeAvatar(requested) };
  if (requested === null || requested === user.profileImageUrl) return { url: requested };
  throw AppError.badRequest('Invalid profile image');
}

export async function updateProfile(db: Database, user: UserRow, input: z.output<typeof profileUpdateSchema>): Promise<UserRow> {
  const owner = await findUserByEmail(db, input.email);
  if (owner && owner.id !== user.id) throw AppError.conflict('Another account already uses this email address.');
  const avatar = await avatarChange(user, input.profileImageUrl);

  return db.transaction(async (tx) => {
    const profileImageUrl = avatar.upload ? await saveImage(tx, avatar.upload, 'avatar', user.id) : avatar.url;
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
    if (user.profileImageUrl !== profileImageUrl) await deleteReplacedAvatar(tx, user.profileImageUrl, user.id);
    return updated!;
  });
}
