import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../../shared/image-widths';
import { toWebp } from '../../lib/image-files';
import { createTestApp } from '../../../../test/test-app';
import { saveImage } from './images.service';

const { app, db } = await createTestApp();

/** A stored 800x450 listing picture, as the seed and the uploads make them. */
async function storedListingImage() {
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#4f46e5' } }).png().toBuffer();
  return saveImage(db, await toWebp(png, { width: 800, height: 450 }), 'listing', null);
}

const immutable = 'public, max-age=31536000, immutable';

describe('GET /api/images/{id}', () => {
  it('serves the stored image as it is without a width, for good', async () => {
    const url = await storedListingImage();
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(immutable);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 450 });
  });

  it('resizes to each allowed width as WebP, keeping the proportions, cached for good', async () => {
    const url = await storedListingImage();
    const original = (await app.inject({ url })).rawPayload.length;
    for (const width of IMAGE_WIDTHS.filter((w) => w < 800)) {
      const res = await app.inject({ url: `${url}?w=${width}` });
      expect(res.statusCode, `w=${width}`).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe(immutable);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: Math.round((width * 450) / 800) });
      expect(res.rawPayload.length).toBeLessThan(original);
    }
  });

  it('serves the same bytes again for a width asked twice', async () => {
    const url = await storedListingImage();
    const [first, second] = await Promise.all([app.inject({ url: `${url}?w=320` }), app.inject({ url: `${url}?w=320` })]);
    const third = await app.inject({ url: `${url}?w=320` });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('never enlarges: a width at or above the stored one gets the stored image', async () => {
    const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#059669' } }).png().toBuffer();
    const avatar = await saveImage(db, await toWebp(png, { width: 256, height: 256 }), 'avatar', null);
    const stored = (await app.inject({ url: avatar })).rawPayload;
    for (const width of [320, 800]) {
      const res = await app.inject({ url: `${avatar}?w=${width}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(stored)).toBe(true);
    }
    expect(await sharp((await app.inject({ url: `${avatar}?w=192` })).rawPayload).metadata()).toMatchObject({ width: 192, height: 192 });
  });

  it('refuses any other width with 400 and the allowed list', async () => {
    const url = await storedListingImage();
    for (const w of ['100', '801', '1', '0', '-320', '320.0', '3e2', '99999', 'large', '320,640']) {
      const res = await app.inject({ url: `${url}?w=${encodeURIComponent(w)}` });
      expect(res.statusCode, `w=${w}`).toBe(400);
      expect(res.json()).toMatchObject({ message: `w must be one of ${IMAGE_WIDTHS.join(', ')}` });
    }
    const repeated = await app.inject({ url: `${url}?w=320&w=640` });
    expect(repeated.statusCode).toBe(400);
  });

  it('answers 404 for an unknown image, whatever the width', async () => {
    for (const url of ['/api/images/unknown-id', '/api/images/unknown-id?w=320']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Image not found' });
    }
  });
});
