import { randomBytes } from 'node:crypto';
import type { Executor } from '../../../db/client';
import type { images } from '../../../db/schema/images';
import { decodeImageDataUrl, type EncodedImage, toWebp } from '../../lib/image-files';
import { insertImage } from './images.queries';

type ImageKind = (typeof images.$inferInsert)['kind'];

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const imageUrl = (id: string) => `/api/images/${id}`;

/** Stores an already encoded image and answers the URL it is served from. */
export async function saveImage(db: Executor, image: EncodedImage, kind: ImageKind, ownerId: string | null): Promise<string> {
  const id = randomBytes(12).toString('base64url');
  await insertImage(db, { id, kind, ownerId, ...image });
  return imageUrl(id);
}

/** An uploaded avatar: checked, squared to 256 px WebP, stored; the answer is its URL. */
export async function saveAvatarFromDataUrl(db: Executor, dataUrl: string, ownerId: string): Promise<string> {
  const bytes = decodeImageDataUrl(dataUrl, AVATAR_MAX_BYTES);
  return saveImage(db, await toWebp(bytes, { width: 256, height: 256 }), 'avatar', ownerId);
}
