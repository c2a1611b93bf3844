import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createReadCache, matchesEtag } from './read-cache';

const settings = { maxAgeMs: 1_000, maxEntries: 3, maxBytes: 100 };

function counter() {
  let loads = 0;
  return {
    load: (body: string) => async () => {
      loads += 1;
      return { body };
    },
    get loads() {
      return loads;
    },
  };
}

describe('read cache', () => {
  it('loads once, then answers from memory with the same validator until a write to one of its tables', async () => {
    const cache = createReadCache(settings);
    const reads = counter();
    const first = await cache.get('featured', ['listings', 'users'], reads.load('a'));
    const second = await cache.get('featured', ['listings', 'users'], reads.load('b'));
    expect([first.body, second.body, reads.loads]).toEqual(['a', 'a', 1]);
    expect(second.etag).toBe(first.etag);

    cache.invalidate('reviews');
    expect((await cache.get('featured', ['listings', 'users'], reads.load('b'))).body).toBe('a');
    cache.invalidate('users');
    const fresh = await cache.get('featured', ['listings', 'users'], reads.load('b'));
    expect([fresh.body, reads.loads]).toEqual(['b', 2]);
    expect(fresh.etag).not.toBe(first.etag);
  });

  it('forgets an entry after its maximum age', async () => {
    let time = 0;
    const cache = createReadCache({ ...settings, now: () => time });
    const reads = counter();
    await cache.get('k', [], reads.load('a'));
    time = 999;
    expect((await cache.get('k', [], reads.load('b'))).body).toBe('a');
    time = 1_000;
    expect((await cache.get('k', [], reads.load('b'))).body).toBe('b');
  });

  it('keeps nothing with a maximum age of 0 (READ_CACHE_SECONDS=0), yet still shares concurrent misses', async () => {
    const cache = createReadCache({ ...settings, maxAgeMs: 0 });
    const reads = counter();
    const [a, b] = await Promise.all([cache.get('k', ['listings'], reads.load('a')), cache.get('k', ['listings'], reads.load('b'))]);
    expect([a.body, b.body, reads.loads]).toEqual(['a', 'a', 1]);
    expect((await cache.get('k', ['listings'], reads.load('c'))).body).toBe('c');
    expect(cache.peek('k')).toBeUndefined();
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createReadCache(settings);
    const reads = counter();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('k', [], reads.load('a'))));
    expect(answers.map((a) => a.body)).toEqual(['a', 'a', 'a']);
    expect(reads.loads).toBe(1);
  });

  it('does not keep a read that was under way when a write committed: it may predate the write', async () => {
    const cache = createReadCache(settings);
    let finish!: (body: { body: string }) => void;
    const slow = cache.get('k', ['listings'], () => new Promise((resolve) => (finish = resolve)));
    cache.invalidate('listings');
    finish({ body: 'old' });
    expect((await slow).body).toBe('old');
    expect((await cache.get('k', ['listings'], async () => ({ body: 'new' }))).body).toBe('new');
  });

  it('keeps nothing from a failed load', async () => {
    const cache = createReadCache(settings);
    await expect(cache.get('k', [], () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect((await cache.get('k', [], async () => ({ body: 'a' }))).body).toBe('a');
  });

  it('does not keep a stand-in answer', async () => {
    const cache = createReadCache(settings);
    expect((await cache.get('k', [], async () => ({ body: 'plain', keep: false }))).body).toBe('plain');
    expect((await cache.get('k', [], async () => ({ body: 'full' }))).body).toBe('full');
  });

  it('drops the least recently used entries beyond its bounds', async () => {
    const cache = createReadCache(settings);
    const reads = counter();
    for (const key of ['a', 'b', 'c']) await cache.get(key, [], reads.load(key));
    await cache.get('a', [], reads.load('a')); // b is now the least recently used
    await cache.get('d', [], reads.load('d'));
    expect(cache.stats().entries).toBe(3);
    await cache.get('b', [], reads.load('b2'));
    expect(reads.loads).toBe(5);
    // One body larger than the whole bound is answered but not kept.
    await cache.get('big', [], reads.load('x'.repeat(101)));
    expect((await cache.get('big', [], reads.load('y'))).body).toBe('y');
    expect(cache.stats().bytes).toBeLessThanOrEqual(100);
  });

  it('compresses an answer once per encoding and counts the variants against its bound', async () => {
    const cache = createReadCache({ ...settings, maxBytes: 1_000 });
    const body = JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ i, name: 'the same words again' })));
    const first = await cache.get('k', [], async () => ({ body }));
    expect(first.bytes.toString()).toBe(body);
    const br = first.encoded('br');
    expect(brotliDecompressSync(br).toString()).toBe(body);
    expect(gunzipSync(first.encoded('gzip')).toString()).toBe(body);
    expect((await cache.get('k', [], async () => ({ body: 'other' }))).encoded('br')).toBe(br);
    expect(cache.stats().bytes).toBe(first.bytes.length + br.length + first.encoded('gzip').length);
  });

  it('tells its write listeners of each write it hears, and of everything when it cannot hear them', () => {
    const cache = createReadCache(settings);
    const heard: (string | undefined)[] = [];
    cache.onWrite((table) => heard.push(table));
    cache.invalidate('listings');
    cache.setEnabled(false);
    cache.setEnabled(true);
    cache.clear();
    expect(heard).toEqual(['listings', undefined, undefined, undefined]);
  });

  it('caches nothing while switched off (writes cannot be heard)', async () => {
    const cache = createReadCache(settings);
    const reads = counter();
    await cache.get('k', [], reads.load('a'));
    cache.setEnabled(false);
    expect((await cache.get('k', [], reads.load('b'))).body).toBe('b');
    expect((await cache.get('k', [], reads.load('c'))).body).toBe('c');
    cache.setEnabled(true);
    expect((await cache.get('k', [], reads.load('d'))).body).toBe('d');
    expect((await cache.get('k', [], reads.load('e'))).body).toBe('d');
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in a list, and accepts *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
