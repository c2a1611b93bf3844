/**
 * Remembers each key's value for `ttlMs`. It holds the promise, so concurrent requests for the
 * same key (crawlers fetch sitemaps in bursts) share one database read; a failed read is
 * forgotten at once so the next request tries again. Expired entries are swept on each miss, so
 * the map never holds more than the keys asked for within one ttl.
 */
export function createTtlCache<T>(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  return {
    get(key: string, produce: () => Promise<T>): Promise<T> {
      const time = now();
      const hit = entries.get(key);
      if (hit && hit.expires > time) return hit.value;
      for (const [oldKey, entry] of entries) if (entry.expires <= time) entries.delete(oldKey);
      const value = produce();
      entries.set(key, { expires: time + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}
