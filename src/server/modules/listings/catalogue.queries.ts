import { and, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { LIST_RESULTS_WINDOW, type ListingQuery, SEARCH_RESULTS_WINDOW } from '../../../shared/schemas/listing-query';
import type { TermsVisibility } from '../../../shared/partner-programme-values';
import type { ListingType } from '../../../shared/types';
import { allowedTypos } from './edit-distance';
import { catalogueWhere } from './listing-filters';
import { correctWords, expandWords, joinCandidates, parseSearch, searchMatch } from './listing-search';
import { sortOrder } from './listing-sort';
import { countListingsUpTo, featuredThenNewest, findListingPage, findListingsInOrder, findPageIds, type ListingSummaryWithRelations, type Page } from './listings.queries';
import { readCandidates } from './search-read.queries';
import { lookUpWords } from './search-words.queries';

/** `otherType`: for a live search, how many live listings of the other type match its words (counted up to the window). */
const otherTypeOf = (type: ListingType): ListingType => (type === 'tools' ? 'services' : 'tools');

export type CataloguePage = { rows: ListingSummaryWithRelations[]; total: number; totalExact: boolean; otherType?: { total: number; totalExact: boolean } };

const upToWindow = (count: number) => (count > SEARCH_RESULTS_WINDOW ? { total: SEARCH_RESULTS_WINDOW, totalExact: false } : { total: count, totalExact: true });

/** The part of the page inside the window; undefined when the page starts beyond it. */
function withinWindow(page: Page, window: number): Page | undefined {
  return page.offset >= window ? undefined : { offset: page.offset, limit: Math.min(page.limit, window - page.offset) };
}

/**
 * One page of the catalogue and its total (docs/decisions/search.md). Ordered by relevance when
 * searching, otherwise featured first and then newest; a sort (listing-sort.ts) orders either.
 * Equal ones keep a stable order by id. `numbersFor`: the programme visibilities whose numbers
 * this viewer may filter and sort by. `within`: a further condition of the server's own (a saved
 * search's "went live since", live-since.ts), never from the query string.
 */
export async function findCataloguePage(db: Executor, type: ListingType, query: ListingQuery, numbersFor: TermsVisibility[] = ['public'], within?: SQL): Promise<CataloguePage> {
  const filters = within ? and(catalogueWhere(type, query, numbersFor), within)! : catalogueWhere(type, query, numbersFor);
  if (query.search === undefined || query.sort !== undefined) {
    const typed = query.search === undefined ? undefined : parseSearch(query.search);
    if (typed?.length === 0) return { rows: [], total: 0, totalExact: true };
    // A sorted search orders every match of the words as typed (the last one a prefix) by the
    // figure, as far as any search reaches (the window, "500+").
    const where = typed ? and(filters, searchMatch(correctWords(typed, [])))! : filters;
    const reach = typed ? SEARCH_RESULTS_WINDOW : LIST_RESULTS_WINDOW;
    const page = withinWindow(query, reach);
    const { sort } = query;
    const pageRows = async (): Promise<ListingSummaryWithRelations[]> => {
      if (!page) return [];
      if (!sort) return findListingPage(db, where, featuredThenNewest(), page);
      const ids = await findPageIds(db, where, sortOrder(sort), page);
      return ids.length === 0 ? [] : findListingsInOrder(db, ids);
    };
    const [rows, count] = await Promise.all([pageRows(), countListingsUpTo(db, where, reach)]);
    return { rows, ...count };
  }

  const typed = parseSearch(query.search);
  // Text without a letter or a digit matches nothing.
  if (typed.length === 0) return { rows: [], total: 0, totalExact: true };
  const live = query.status === 'approved';
  // The words as the catalogue knows them (search-words.queries.ts; kept by the server, so most
  // searches send no statement for them).
  const known = await lookUpWords(
      db,
      type,
      typed.filter((word) => allowedTypos(word) > 0),
      typed.slice(0, -1),
      // The vocabulary holds the words of live listings only: other searches keep the prefix.
      live ? typed.at(-1) : undefined,
      typed,
    joinCandidates(typed),
  );
  const words = expandWords(correctWords(typed, known.near, known.whole, known.complete), known.joined, known.splits);
  // Only stop words ("a", "the"), none corrected nor split: the query keeps no lexeme and matches
  // nothing, which is known without reading.
  const onlyStopWords = known.lexemes.every((lexemes) => lexemes.length === 0) && words.every((word) => word.corrections.length === 0 && !word.split && !word.joined);
  if (onlyStopWords) return { rows: [], total: 0, totalExact: true, ...(live ? { otherType: { total: 0, totalExact: true } } : {}) };
  const page = withinWindow(query, SEARCH_RESULTS_WINDOW);
  const read = await readCandidates(db, filters, words, page, live ? otherTypeOf(type) : undefined);
  const rows = read.ids.length === 0 ? [] : await findListingsInOrder(db, read.ids);
  return { rows, ...upToWindow(read.count), ...(read.otherType === undefined ? {} : { otherType: upToWindow(read.otherType) }) };
}
