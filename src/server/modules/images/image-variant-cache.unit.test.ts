import { describe, expect, it } from 'vitest';
import { ImageVariantCache } from './image-variant-cache';

const image = (bytes: number) => ({ data: Buffer.alloc(bytes), contentType: 'image/webp', width: 1, height: 1 });

describe('ImageVariantCache', () => {
  it('makes a variant once however many ask for it at the same time', async () => {
    const cache = new ImageVariantCache(1000);
    let made = 0;
    const make = async () => {
      made++;
      return image(10);
    };
    const [a, b] = await Promise.all([cache.get('x', make), cache.get('x', make)]);
    expect(await cache.get('x', make)).toBe(a);
    expect(b).toBe(a);
    expect(made).toBe(1);
  });

  it('drops the least recently used variants to stay within its byte budget', async () => {
    const cache = new ImageVariantCache(25);
    await cache.get('a', async () => image(10));
    await cache.get('b', async () => image(10));
    cache.peek('a');
    await cache.get('c', async () => image(10));
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBeDefined();
    expect(cache.peek('c')).toBeDefined();
  });

  it('keeps nothing larger than the whole budget, and forgets a failed resize', async () => {
    const cache = new ImageVariantCache(5);
    await cache.get('big', async () => image(10));
    expect(cache.peek('big')).toBeUndefined();
    await expect(cache.get('bad', async () => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    expect(await cache.get('bad', async () => image(1))).toMatchObject({ width: 1 });
  });
});
