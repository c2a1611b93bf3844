import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { SEARCH_RESULTS_WINDOW } from '../../../shared/schemas/listing-query';
import { searchMatch, searchRank, type SearchWord, titleHasWords, titleMatch, tsQueryTexts } from './listing-search';
import type { Page } from './listings.queries';
import type { ListingType } from '../../../shared/types';

const otherTypeCount = (words: SearchWord[], type: ListingType | undefined, limit: number) =>
  type === undefined
    ? sql`null::int`
    : sql`(select count(*) from (select 1 from ${listings} where ${listings.type} = ${type} and ${listings.status} = 'approved' and ${searchMatch(words)} limit ${limit}) as other)::int`;

/**
 * The candidate statement of a search (docs/decisions/search.md, "Steps"): one statement, the
 * filters and the words as a plain WHERE, planned by PostgreSQL. A search ranks its candidates:
 * the window's newest matches (featured first, then newest) and, when the matches overflow the
 * window, the title window's newest title matches, which may be older; it answers how many
 * matches it found (up to the window and one more) and the ids of the page asked, best first.
 */

/** How many title matches are candidates beside the window's matches (the constants table in search.md). */
export const TITLE_WINDOW = 100;

const byDefaultOrder = sql`order by is_featured desc, created_at desc, id desc`;

/**
 * `otherType`: how many live listings of the other type match the words (up to the window and one
 * more), for "Also N services match". `relaxed`: when nothing matched, the first of the relaxed
 * searches asked (its index) that some listing matches, or undefined when none does.
 */
export type CandidateAnswer = { count: number; ids: number[]; otherType?: number; relaxed?: number };

/**
 * `otherType`: also count the other type's live matches of the words, in the same statement (a
 * capped count, no ranking), so a search page can say how many there are without a second search.
 * `relaxed`: searches with fewer words (relaxedSearches), best first; only when no listing matches
 * every word does the statement look for the first of them that matches one (an EXISTS each, the
 * filters and its words as a plain WHERE), so the relaxed search is read next, and only once.
 */
export async function readCandidates(
  db: Executor,
  where: SQL,
  words: SearchWord[],
  page: Page | undefined,
  otherType?: ListingType,
  relaxed: SearchWord[][] = [],
): Promise<CandidateAnswer> {
  const window = SEARCH_RESULTS_WINDOW;
  const candidate = sql`${listings.id} as id, ${listings.isFeatured} as is_featured, ${listings.createdAt} as created_at, (${searchRank(words)})::float8 as rank,
    ${titleHasWords(words)} as title`;
  const read = (match: SQL) => sql`select ${candidate} from ${listings} where ${where} and ${match}`;
  // The title matches come first among the matches in the same order, so where the window's
  // matches hold the title window's worth, those are the newest; only otherwise are they read.
  const result = await db.execute(sql`
    with matches as materialized (select * from (${read(searchMatch(words))}) as found ${byDefaultOrder} limit ${window + 1}),
    titles as materialized (
      (select id, is_featured, created_at, rank from matches where title ${byDefaultOrder} limit ${TITLE_WINDOW})
      union all
      (select id, is_featured, created_at, rank from (${read(titleMatch(words))}) as found
        where (select count(*) from matches) > ${window} and (select count(*) from matches where title) < ${TITLE_WINDOW}
        ${byDefaultOrder} limit ${TITLE_WINDOW})),
    candidates as (
      (select id, is_featured, created_at, rank from matches ${byDefaultOrder} limit ${window})
      union
      (select * from titles where (select count(*) from matches) > ${window}))
    select (select count(*) from matches)::int as count, ${otherTypeCount(words, otherType, window + 1)} as other_type,
      (select min(relaxed.n) from unnest(${tsQueryTexts(relaxed)}) with ordinality as relaxed(query, n)
        where (select count(*) from matches) = 0 and exists (select 1 from ${listings} where ${where} and ${listings.searchVector} @@ to_tsquery('english', relaxed.query)))::int as relaxed,
      coalesce((select json_agg(id) from (select id from candidates
        order by rank desc, is_featured desc, created_at desc, id desc offset ${page?.offset ?? 0} limit ${page?.limit ?? 0}) as best), '[]') as ids`);
  // Both drivers answer raw SQL with { rows }, json already parsed; the shared Database type cannot say so.
  const [row] = (result as unknown as { rows: { count: number; ids: number[]; other_type: number | null; relaxed: number | null }[] }).rows;
  return {
    count: Number(row!.count),
    ids: row!.ids.map(Number),
    otherType: row!.other_type === null ? undefined : Number(row!.other_type),
    relaxed: row!.relaxed === null ? undefined : Number(row!.relaxed) - 1,
  };
}
