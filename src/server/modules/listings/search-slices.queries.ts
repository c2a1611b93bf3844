import { and, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import type { ListingStatus, ListingType } from '../../../shared/types';
import { keptAMinute } from './kept-a-minute';
import { searchMatch, type SearchWord } from './listing-search';
import { likelyMatches, type MatchEstimate } from './search-slices';

/** Creation times (milliseconds) of the newest and oldest listing of a type and status. */
export type CreationSpan = { newest: number; oldest: number };

/** Two probes of listings_type_status_created_idx; undefined when there is no listing. */
export async function findCreationSpan(db: Executor, type: ListingType, status: ListingStatus): Promise<CreationSpan | undefined> {
  const live = sql`${listings.type} = ${type} and ${listings.status} = ${status}`;
  const ms = (column: SQLWrapper) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  const result = await db.execute(sql`
    select ${ms(sql`max(${listings.createdAt})`)} as newest, ${ms(sql`min(${listings.createdAt})`)} as oldest from ${listings} where ${live}`);
  const [row] = (result as unknown as { rows: { newest: number | null; oldest: number | null }[] }).rows;
  return row?.newest == null || row.oldest == null ? undefined : { newest: Number(row.newest), oldest: Number(row.oldest) };
}

/** findCreationSpan, asked at most once a minute per database, type and status (keptAMinute). */
export function recentCreationSpan(db: Executor, type: ListingType, status: ListingStatus): Promise<CreationSpan | undefined> {
  return keptAMinute(db, `span ${type} ${status}`, () => findCreationSpan(db, type, status));
}

type PlanNode = { 'Node Type'?: string; 'Plan Rows'?: number; Plans?: PlanNode[] };

/**
 * The planner's estimates (the PostgreSQL wiki's "count estimate"): EXPLAIN plans the statement
 * without running it, from the statistics ANALYZE keeps, including the words' frequencies in
 * search_vector. One planning, no rows read. Undefined if the plan is not the expected Append.
 */
export async function estimateMatches(db: Executor, filters: SQL, words: SearchWord[]): Promise<MatchEstimate | undefined> {
  // Each word alone too, when there are several (likelyMatches).
  const single = words.length > 1 ? words.map((word) => sql`union all select 1 from ${listings} where ${and(filters, searchMatch([word]))}`) : [];
  const result = await db.execute(sql`explain (format json)
    select 1 from ${listings} where ${filters}
    union all select 1 from ${listings}
    union all select 1 from ${listings} where ${and(filters, searchMatch(words))}
    ${sql.join(single, sql` `)}`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const value = row ? Object.values(row)[0] : undefined;
  const plan = ((typeof value === 'string' ? JSON.parse(value) : value) as { Plan?: PlanNode }[] | undefined)?.[0]?.Plan;
  const rows = (plan?.['Node Type'] === 'Append' ? (plan.Plans ?? []) : []).map((node) => node['Plan Rows']);
  const [filtered, table, matches, ...each] = rows;
  if (filtered === undefined || table === undefined || matches === undefined || rows.length !== 3 + single.length || each.some((n) => n === undefined)) return undefined;
  return { matches, likely: likelyMatches(matches, each as number[]), listings: filtered, table, several: single.length > 0, each: each as number[] };
}

