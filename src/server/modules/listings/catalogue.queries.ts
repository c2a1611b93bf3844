import { and, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { LIST_RESULTS_WINDOW, listCountLimit, type ListingQuery, SEARCH_RESULTS_WINDOW, searchCountLimit } from '../../../shared/schemas/listing-query';
import type { ListingType } from '../../../shared/types';
import { allowedTypos } from './edit-distance';
import { catalogueWhere } from './listing-filters';
import { correctWords, parseSearch, searchMatch, searchRank, type SearchWord, titleMatch } from './listing-search';
import { countListingsUpTo, featuredThenNewest, findListingPage, type ListingWithRelations, type Page } from './listings.queries';
import { findNearWords } from './search-words.queries';

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
  const words = correctWords(typed, await findNearWords(db, type, typed.filter((word) => allowedTypos(word) > 0)));
  const page = withinWindow(query, SEARCH_RESULTS_WINDOW);
  const [rows, count] = await Promise.all([
    page ? findSearchPage(db, filters, words, page) : [],
    countListingsUpTo(db, and(filters, searchMatch(words))!, searchCountLimit),
  ]);
  return { rows, ...count };
}

/**
 * Ranks a bounded set of candidates instead of every match: the window's worth of title matches
 * and the window's worth of any matches, each taken featured first then newest straight from an
 * index. A title match always outranks a partial one, so every page shows the best title matches;
 * the candidates do not depend on the page asked for, so pages never overlap or skip.
 */
function findSearchPage(db: Executor, filters: SQL, words: SearchWord[], page: Page) {
  const candidates = (match: SQL) =>
    db
      .select({ id: listings.id })
      .from(listings)
      .where(and(filters, match))
      .orderBy(...featuredThenNewest(), desc(listings.id))
      .limit(SEARCH_RESULTS_WINDOW);
  const candidateIds = sql`((${candidates(titleMatch(words))}) union (${candidates(searchMatch(words))}))`;
  return findListingPage(db, inArray(listings.id, candidateIds), [desc(searchRank(words)), ...featuredThenNewest()], page);
}
