import { and, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { LIST_RESULTS_WINDOW, listCountLimit, type ListingQuery, SEARCH_RESULTS_WINDOW, searchCountLimit } from '../../../shared/schemas/listing-query';
import type { ListingType } from '../../../shared/types';
import { allowedTypos } from './edit-distance';
import { catalogueWhere } from './listing-filters';
import { correctWords, parseSearch, searchMatch, searchRank, type SearchWord, titleMatch } from './listing-search';
import { countListingsUpTo, featuredThenNewest, findListingPage, findListingsInOrder, type ListingWithRelations, type Page } from './listings.queries';
import { findNearWords, findWholeWords } from './search-words.queries';

export type CataloguePage = { rows: ListingWithRelations[]; total: number; totalExact: boolean };

/** The part of the page inside the window; undefined when the page starts beyond it. */
function withinWindow(page: Page, window: number): Page | undefined {
  return page.offset >= window ? undefined : { offset: page.offset, limit: Math.min(page.limit, window - page.offset) };
}

/**
 * One page of the catalogue and its total. Ordered by relevance when searching, otherwise
 * featured first and then newest; equal ones keep a stable order by id.
 */
export async function findCataloguePage(db: Executor, type: ListingType, query: ListingQuery): Promise<CataloguePage> {
  const filters = catalogueWhere(type, query);
  if (query.search === undefined) {
    const page = withinWindow(query, LIST_RESULTS_WINDOW);
    const [rows, count] = await Promise.all([page ? findListingPage(db, filters, featuredThenNewest(), page) : [], countListingsUpTo(db, filters, listCountLimit)]);
    return { rows, ...count };
  }

  const typed = parseSearch(query.search);
  // Text without a letter or a digit matches nothing.
  if (typed.length === 0) return { rows: [], total: 0, totalExact: true };
  // Only words before the last can match as whole words (tsQueryText).
  const [near, whole] = await Promise.all([
    findNearWords(db, type, typed.filter((word) => allowedTypos(word) > 0)),
    findWholeWords(db, type, typed.slice(0, -1)),
  ]);
  const words = correctWords(typed, near, whole);
  return findSearchPage(db, filters, words, withinWindow(query, SEARCH_RESULTS_WINDOW));
}

const columns = (names: string[]) => sql.raw(names.join(', '));

/**
 * One statement ranks a bounded set of candidates and counts, instead of ranking every match and
 * counting in a second pass: the window's worth of title matches and the window's worth of any
 * matches (plus one, which tells whether there are more), each taken featured first then newest
 * straight from an index, each row ranked where it is read (no second visit to the table). The
 * title matches are read only when the matches did not all fit in the window. A title match
 * always outranks a partial one, so every page shows the best title matches; the candidates do
 * not depend on the page asked for, so pages never overlap or skip. The total is the number of
 * matches read: exact up to the window, else the window and not exact.
 */
async function findSearchPage(db: Executor, filters: SQL, words: SearchWord[], page: Page | undefined): Promise<CataloguePage> {
  const rank = sql`${searchRank(words)} as rank`;
  const candidates = (match: SQL, limit: number, when?: SQL) => sql`(
    select ${listings.id} as id, ${listings.isFeatured} as is_featured, ${listings.createdAt} as created_at, ${rank}
    from ${listings} where ${and(filters, match, when)}
    order by ${listings.isFeatured} desc, ${listings.createdAt} desc, ${listings.id} desc
    limit ${limit})`;
  const order = sql`rank desc, is_featured desc, created_at desc, id desc`;
  const ranked = columns(['id', 'is_featured', 'created_at', 'rank']);
  const result = await db.execute(sql`
    with matches as materialized ${candidates(searchMatch(words), searchCountLimit + 1)},
    candidates as (
      (select ${ranked} from matches order by is_featured desc, created_at desc, id desc limit ${SEARCH_RESULTS_WINDOW})
      union
      -- Only when the matches did not all fit: otherwise every title match is among them already.
      ${candidates(titleMatch(words), SEARCH_RESULTS_WINDOW, sql`(select count(*) from matches) > ${SEARCH_RESULTS_WINDOW}`)}
    )
    select (select count(*) from matches)::int as total,
      array(select id from candidates order by ${order} limit ${page?.limit ?? 0} offset ${page?.offset ?? 0}) as ids`);
  // Both drivers answer raw SQL with { rows }; the shared Database type cannot say so.
  const [row] = (result as unknown as { rows: { total: number; ids: number[] }[] }).rows;
  const total = Number(row?.total ?? 0);
  const ids = (row?.ids ?? []).map(Number);
  const rows = ids.length === 0 ? [] : await findListingsInOrder(db, ids);
  return total > searchCountLimit ? { rows, total: searchCountLimit, totalExact: false } : { rows, total, totalExact: true };
}
