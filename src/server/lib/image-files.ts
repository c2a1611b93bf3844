import type { EncodedImage } from '../../lib/encoded-image';
import { loadSharp } from '../../lib/lazy-modules';
import { AppError } from './app-error';

/** The formats we accept, recognised by their first bytes, never by the name or the claimed type. */
const signatures: { type: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  { type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function detectImageType(bytes: Buffer): string | undefined {
  return signatures.find((signature) => signature.test(bytes))?.type;
}

const dataUrlPattern = /^data:([\w.+/-]+);base64,([A-Za-z0-9+/=\s]+)$/;

export function isDataUrl(value: string) {
  return value.startsWith('data:');
}

/** Decodes a base64 data: URL and checks that the bytes really are one of the accepted images. */
export function decodeImageDataUrl(dataUrl: string, maxBytes: number): Buffer {
  const match = dataUrlPattern.exec(dataUrl);
  if (!match) throw AppError.badRequest('The image could not be read. Please choose a PNG, JPEG, GIF or WebP file.');
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > maxBytes) {
    throw new AppError(413, `File too large: please select an image under ${Math.round(maxBytes / 1024 / 1024)}MB.`);
  }
  if (!detectImageType(bytes)) {
    throw AppError.badRequest('Invalid file type: please select a PNG, JPEG, GIF or WebP image.');
  }
  return bytes;
}

/**
 * Re-encodes an image as WebP within the given box. Decoding and re-encoding drops anything that
 * is not pixels (metadata, scripts hidden in comments), and keeps stored images small.
 */
export async function toWebp(input: Buffer, box: { width: number; height: number; fit?: 'cover' | 'inside' }): Promise<EncodedImage> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: box.fit ?? 'cover', withoutEnlargement: box.fit === 'inside' })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw AppError.badRequest('The image could not be read. Please choose a PNG, JPEG, GIF or WebP file.');
  }
}

/** A stored image scaled down to `width` (never up), as WebP again; for the image route's fixed widths. */
export async function resizeToWidth(input: Buffer, width: number): Promise<EncodedImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer({ resolveWithObject: true });
  return { data, contentType: 'image/webp', width: info.width, height: info.height };
}
