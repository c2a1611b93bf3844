import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { keptAMinute } from './kept-a-minute';
import type { ListingType } from '../../../shared/types';
import type { LexemeStatistics, SearchStatistics } from './search-statistics';

type Common = { values: string[] | null; shares: number[] | null } | null;
type Row = { tuples: number | null; pages: number | null; pages_now: number | null; type: Common; status: Common; lexemes: Common; services_titles: Common; tools_titles: Common };

const shares = (common: Common) => new Map((common?.values ?? []).map((value, index) => [value, Number(common?.shares?.[index])]));

/**
 * The statistics the planner would read for a search of the listings (search-statistics.ts), from
 * pg_class and pg_stats, in one statement: the same on PGlite. Undefined before the table was
 * ever analyzed (no row count to scale from): the search then asks the planner itself.
 */
export async function readSearchStatistics(db: Executor): Promise<SearchStatistics | undefined> {
  const common = (column: string, values: string, shares: string, table = 'listings') => sql`(select json_build_object('values', ${sql.raw(values)}::text::text[], 'shares', ${sql.raw(shares)})
    from pg_stats where schemaname = 'public' and tablename = ${table} and attname = ${column})`;
  const titleLexemes = (type: ListingType) => common('search_text_vector', 'most_common_elems', 'most_common_elem_freqs', `listings_live_${type}_title_idx`);
  const result = await db.execute(sql`
    select c.reltuples::float8 as tuples, c.relpages::float8 as pages,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 as pages_now,
      ${common('type', 'most_common_vals', 'most_common_freqs')} as type,
      ${common('status', 'most_common_vals', 'most_common_freqs')} as status,
      ${common('search_vector', 'most_common_elems', 'most_common_elem_freqs')} as lexemes,
      ${titleLexemes('services')} as services_titles, ${titleLexemes('tools')} as tools_titles
    from pg_class c where c.oid = 'public.listings'::regclass`);
  // Both drivers answer raw SQL with { rows }, json already parsed; the shared Database type cannot say so.
  const [row] = (result as unknown as { rows: Row[] }).rows;
  const tuples = Number(row?.tuples ?? -1);
  const pages = Number(row?.pages ?? 0);
  if (!row || tuples < 0 || pages <= 0) return undefined;
  // The planner scales the row count of the last ANALYZE to the table's pages now.
  const rows = Math.round((tuples / pages) * Number(row.pages_now ?? pages));
  const titles = new Map<string, LexemeStatistics>();
  for (const [type, common] of [['services', row.services_titles], ['tools', row.tools_titles]] as const) {
    const lexemes = lexemeStatistics(common);
    if (lexemes) titles.set(type, lexemes);
  }
  return { rows, common: { type: shares(row.type), status: shares(row.status) }, lexemes: lexemeStatistics(row.lexemes), titles };
}

/** A tsvector's most common lexemes; ANALYZE keeps two more shares than lexemes: the least and the greatest. */
function lexemeStatistics(common: Common): LexemeStatistics | undefined {
  const elements = common?.values ?? [];
  const elementShares = common?.shares ?? [];
  if (elements.length === 0 || elementShares.length !== elements.length + 2) return undefined;
  return { shares: shares({ values: elements, shares: elementShares.slice(0, elements.length) }), least: Number(elementShares[elements.length]) };
}

/** readSearchStatistics, asked at most once a minute per database (keptAMinute). */
export function recentSearchStatistics(db: Executor): Promise<SearchStatistics | undefined> {
  return keptAMinute(db, 'search statistics', () => readSearchStatistics(db));
}
