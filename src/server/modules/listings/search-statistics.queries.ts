import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { keptAMinute } from './kept-a-minute';
import type { SearchStatistics } from './search-statistics';

type Common = { values: string[] | null; shares: number[] | null } | null;
type Row = { tuples: number | null; pages: number | null; pages_now: number | null; type: Common; status: Common; lexemes: Common };

const shares = (common: Common) => new Map((common?.values ?? []).map((value, index) => [value, Number(common?.shares?.[index])]));

/**
 * The statistics the planner would read for a search of the listings (search-statistics.ts), from
 * pg_class and pg_stats, in one statement: the same on PGlite. Undefined before the table was
 * ever analyzed (no row count to scale from): the search then asks the planner itself.
 */
export async function readSearchStatistics(db: Executor): Promise<SearchStatistics | undefined> {
  const common = (column: string, values: string, shares: string) => sql`(select json_build_object('values', ${sql.raw(values)}::text::text[], 'shares', ${sql.raw(shares)})
    from pg_stats where schemaname = 'public' and tablename = 'listings' and attname = ${column})`;
  const result = await db.execute(sql`
    select c.reltuples::float8 as tuples, c.relpages::float8 as pages,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 as pages_now,
      ${common('type', 'most_common_vals', 'most_common_freqs')} as type,
      ${common('status', 'most_common_vals', 'most_common_freqs')} as status,
      ${common('search_vector', 'most_common_elems', 'most_common_elem_freqs')} as lexemes
    from pg_class c where c.oid = 'public.listings'::regclass`);
  // Both drivers answer raw SQL with { rows }, json already parsed; the shared Database type cannot say so.
  const [row] = (result as unknown as { rows: Row[] }).rows;
  const tuples = Number(row?.tuples ?? -1);
  const pages = Number(row?.pages ?? 0);
  if (!row || tuples < 0 || pages <= 0) return undefined;
  // The planner scales the row count of the last ANALYZE to the table's pages now.
  const rows = Math.round((tuples / pages) * Number(row.pages_now ?? pages));
  // ANALYZE keeps two more shares than lexemes for a tsvector: the least and the greatest.
  const elements = row.lexemes?.values ?? [];
  const elementShares = row.lexemes?.shares ?? [];
  const lexemes =
    elements.length > 0 && elementShares.length === elements.length + 2
      ? { shares: shares({ values: elements, shares: elementShares.slice(0, elements.length) }), least: Number(elementShares[elements.length]) }
      : undefined;
  return { rows, common: { type: shares(row.type), status: shares(row.status) }, lexemes };
}

/** readSearchStatistics, asked at most once a minute per database (keptAMinute). */
export function recentSearchStatistics(db: Executor): Promise<SearchStatistics | undefined> {
  return keptAMinute(db, 'search statistics', () => readSearchStatistics(db));
}
