import { and, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import { listings } from '../src/db/schema/listings';
import { searchMatch, type SearchWord } from '../src/server/modules/listings/listing-search';
import { boundByEachWord, likelyMatches, type MatchEstimate } from '../src/server/modules/listings/search-slices';

/*
 * The planner's own estimate of a search, for tests: the server estimates searches itself, from
 * the planner's statistics and a sample of listings (search-statistics.ts, filter-sample.ts), and
 * the tests check its formulas against what the planner answers from the same ANALYZE.
 */

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


/**
 * The planner's estimate of several words without the stop words among them (no lexeme: the
 * query drops them). Asked alone, the planner answers one row for a stop word, which would bound
 * the search to 1.5 listings: "the seo" read all of its 26,800 matches at once (61 ms at 100,000
 * listings). `lexemes`: each typed word's, in order.
 */
export function withoutStopWords(estimate: MatchEstimate, lexemes: readonly (readonly string[])[]): MatchEstimate {
  if (!estimate.each || lexemes.length !== estimate.each.length) return estimate;
  return { ...estimate, ...boundByEachWord(estimate.matches, estimate.each.filter((_, index) => lexemes[index]!.length > 0)) };
}
