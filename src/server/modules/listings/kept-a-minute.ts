import type { Executor } from '../../../db/client';

/**
 * How long a server keeps what only sizes a search's reads (a type's creation span, the planner's
 * statistics, the filter sample): the answer never depends on them (findSearchPage), so a value a
 * minute old, or one older than another server's writes, costs at worst a wider slice or another
 * statement, while every search saves a statement.
 */
export const KEPT_MS = 60_000;

type Kept = { at: number; value: Promise<unknown>; refreshing: boolean };
const keptByDatabase = new WeakMap<Executor, Map<string, Kept>>();

/**
 * `load()`, asked at most once a minute per database and key; concurrent callers share one look-up.
 * Past the minute the value kept is still answered while a new one loads, so no search waits for
 * it (the filter sample takes about 14 ms at 100,000 listings); the new one replaces it once
 * loaded. A failed look-up is not kept: the first one is asked again by the next caller, a
 * refresh at the next minute's first.
 */
export function keptAMinute<T>(db: Executor, key: string, load: () => Promise<T>, now = Date.now): Promise<T> {
  const kept = keptByDatabase.get(db) ?? new Map<string, Kept>();
  keptByDatabase.set(db, kept);
  const recent = kept.get(key);
  if (recent) {
    if (!recent.refreshing && now() - recent.at >= KEPT_MS) {
      recent.refreshing = true;
      load().then(
        (fresh) => kept.set(key, { at: now(), value: Promise.resolve(fresh), refreshing: false }),
        () => {
          recent.refreshing = false;
          recent.at = now();
        },
      );
    }
    return recent.value as Promise<T>;
  }
  const value = load();
  kept.set(key, { at: now(), value, refreshing: false });
  value.catch(() => {
    if (kept.get(key)?.value === value) kept.delete(key);
  });
  return value;
}
