import type { Executor } from '../../../db/client';

/**
 * How long a server keeps what only sizes a search's reads (a type's creation span, the planner's
 * statistics): the answer never depends on them (findSearchPage), so a value a minute old, or one
 * older than another server's writes, costs at worst a wider slice or another statement, while
 * every search saves a statement.
 */
const KEPT_MS = 60_000;

type Kept = { at: number; value: Promise<unknown> };
const keptByDatabase = new WeakMap<Executor, Map<string, Kept>>();

/**
 * `load()`, asked at most once a minute per database and key; concurrent callers share one look-up.
 * A failed look-up is not kept: the next caller asks again.
 */
export function keptAMinute<T>(db: Executor, key: string, load: () => Promise<T>): Promise<T> {
  const kept = keptByDatabase.get(db) ?? new Map<string, Kept>();
  keptByDatabase.set(db, kept);
  const recent = kept.get(key);
  if (recent && Date.now() - recent.at < KEPT_MS) return recent.value as Promise<T>;
  const value = load();
  kept.set(key, { at: Date.now(), value });
  value.catch(() => {
    if (kept.get(key)?.value === value) kept.delete(key);
  });
  return value;
}
