import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';

export type Checksums = Map<string, string>;

/** Rows of a raw query: both drivers answer with `rows`, which the shared Database type leaves unknown. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Where the write-ahead log ends: every stored change (and a rolled-back one) moves it, so an
 * unchanged position proves cheaply that nothing was stored; only a moved one needs the digests.
 */
export async function walPosition(db: Database): Promise<string> {
  const [row] = await rowsOf<{ lsn: string }>(db, sql`select pg_current_wal_lsn()::text as lsn`);
  return row!.lsn;
}

/**
 * A digest of every row of every table (new tables included, found in the catalogue), so a test can
 * prove that a refused request stored nothing anywhere. `skip` names tables that legitimately change
 * on refused requests (counters of refused attempts), each with its reason at the call site.
 */
export async function tableChecksums(db: Database, skip: readonly string[] = []): Promise<() => Promise<Checksums>> {
  const catalogue = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = catalogue.map((row) => row.name).filter((name) => !skip.includes(name));
  const query = sql.raw(
    tables
      .map((name) => `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as hash from "${name}" x`)
      .join(' union all '),
  );
  return async () => {
    const rows = await rowsOf<{ name: string; hash: string }>(db, query);
    return new Map(rows.map((row) => [row.name, row.hash]));
  };
}

/** The tables whose digest differs between two readings. */
export function changedTables(before: Checksums, after: Checksums): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}
