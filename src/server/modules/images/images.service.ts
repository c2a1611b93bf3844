import { randomBytes } from 'node:crypto';
import type { Executor } from '../../../db/client';
import type { images } from '../../../db/schema/images';
import type { EncodedImage } from '../../../lib/encoded-image';
import { imageUrl, type ImageWidth } from '../../../shared/image-widths';
import { decodeImageDataUrl, resizeToWidth, toWebp } from '../../lib/image-files';
import type { ImageVariantCache } from './image-variant-cache';
import { deleteImageOf, findImage, insertImage } from './images.queries';

type ImageKind = (typeof images.$inferInsert)['kind'];

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Stores an already encoded image and answers the URL it is served from. */
export async function saveImage(db: Executor, image: EncodedImage, kind: ImageKind, ownerId: string | null): Promise<string> {
  const id = randomBytes(12).toString('base64url');
  await insertImage(db, { id, kind, ownerId, ...image });
  return imageUrl(id);
}

/**
 * An uploaded avatar checked and squared to a 256 px WebP, ready to store. Done before any
 * transaction opens: decoding is the slow part, and the embedded database has one connection.
 */
export async function encodeAvatar(dataUrl: string): Promise<EncodedImage> {
  const bytes = decodeImageDataUrl(dataUrl, AVATAR_MAX_BYTES);
  return toWebp(bytes, { width: 256, height: 256 });
}

const storedImageId = (url: string) => /^\/api\/images\/([\w-]+)$/.exec(url)?.[1];

/** Deletes an avatar the user no longer shows; any other URL (someone else's image, a seed path) is left alone. */
export async function deleteReplacedAvatar(db: Executor, url: string | null, ownerId: string) {
  const id = url ? storedImageId(url) : undefined;
  if (id) await deleteImageOf(db, id, ownerId, 'avatar');
}

/**
 * A stored image as it is, or scaled down to one of the fixed widths (from the cache when it was
 * made before). An image already as narrow as the width asked for is served as stored.
 */
export async function storedImage(db: Executor, variants: ImageVariantCache, id: string, width: ImageWidth | undefined) {
  const key = `${id}:${width}`;
  if (width) {
    const cached = variants.peek(key);
    if (cached) return cached;
  }
  const image = await findImage(db, id);
  if (!image || !width || image.width <= width) return image;
  return variants.get(key, () => resizeToWidth(image.data, width));
}
