import { and, type SQL, sql } from 'drizzle-orm';
import { categories } from '../../../db/schema/categories';
import type { Executor } from '../../../db/client';
import { LIST_RESULTS_WINDOW, type ListingQuery, SEARCH_RESULTS_WINDOW } from '../../../shared/schemas/listing-query';
import type { TermsVisibility } from '../../../shared/partner-programme-values';
import type { ListingType } from '../../../shared/types';
import { allowedTypos } from './edit-distance';
import { catalogueWhere } from './listing-filters';
import { correctWords, expandWords, joinCandidates, parseSearch, relaxedSearches, searchMatch, type SearchWord, synonymKeys, withSynonyms } from './listing-search';
import { sortOrder } from './listing-sort';
import { countListingsUpTo, featuredThenNewest, findListingPage, findListingsInOrder, findPageIds, type ListingSummaryWithRelations, type Page } from './listings.queries';
import { readCandidates } from './search-read.queries';
import { lookUpWords } from './search-words.queries';
import { otherSpelling } from '../../../shared/search-spelling';

/**
 * The ids of the category and every category below it, however deep. UNION (not UNION ALL) drops
 * ids already seen, so even a parent loop made by mistake ends.
 */
async function categoryTreeIds(db: Executor, categoryId: number): Promise<number[]> {
  const result = await db.execute(sql`
    with recursive tree(id) as (
      select ${categoryId}::integer
      union
      select ${categories.id} from ${categories} join tree on ${categories.parentId} = tree.id
    )
    select id from tree`);
  // Both drivers answer raw SQL with { rows }; the shared Database type cannot say so.
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

/** `otherType`: for a live search, how many live listings of the other type match its words (counted up to the window). */
const otherTypeOf = (type: ListingType): ListingType => (type === 'tools' ? 'services' : 'tools');

/**
 * `relaxedTo`: when no listing has every word of a search, the words that the listings shown all
 * have (relaxedSearches), in the order typed.
 */
export type CataloguePage = {
  rows: ListingSummaryWithRelations[];
  total: number;
  totalExact: boolean;
  otherType?: { total: number; totalExact: boolean };
  relaxedTo?: string[];
};

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
  // The filters, once the category's tree is read (categoryTreeIds): a search reads it beside the
  // words' look-up, so it adds no wait of its own.
  const filtersOf = async () => {
    const where = catalogueWhere(type, query, query.categoryId === undefined ? undefined : await categoryTreeIds(db, query.categoryId), numbersFor);
    return within ? and(where, within)! : where;
  };
  if (query.search === undefined || query.sort !== undefined) {
    const typed = query.search === undefined ? undefined : parseSearch(query.search);
    if (typed?.length === 0) return { rows: [], total: 0, totalExact: true };
    const filters = await filtersOf();
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
  // The words' lexemes and uses, in both spellings (shared/search-spelling.ts).
  const stemmed = [...new Set(typed.flatMap((word) => [word, otherSpelling(word) ?? []].flat()))];
  const [known, filters] = await Promise.all([
    lookUpWords(
      db,
      type,
      typed.filter((word) => allowedTypos(word) > 0),
      typed.slice(0, -1),
      // The vocabulary holds the words of live listings only: other searches keep the prefix.
      live ? typed.at(-1) : undefined,
      stemmed,
      joinCandidates(typed),
      synonymKeys(typed),
    ),
    filtersOf(),
  ]);
  const corrected = expandWords(correctWords(typed, known.near, known.whole, known.complete), known.joined, known.splits);
  const words = withSynonyms(corrected, (key) => known.synonyms.get(key) ?? []);
  const lexemesOf = (word: string) => known.lexemes[stemmed.indexOf(word)] ?? [];
  // Only stop words ("a", "the"), none corrected nor split: the query keeps no lexeme and matches
  // nothing, which is known without reading.
  const onlyStopWords =
    known.lexemes.every((lexemes) => lexemes.length === 0) && words.every((word) => word.corrections.length === 0 && !word.split && !word.joined && !word.synonyms);
  if (onlyStopWords) return { rows: [], total: 0, totalExact: true, ...(live ? { otherType: { total: 0, totalExact: true } } : {}) };
  // How many uses live listings of the type make of a part of the search, for which to leave out
  // first when nothing has them all (relaxedSearches): its least used word, in either spelling,
  // with its corrections and split; a part of stop words only is never left out.
  const usesOf = (word: string) => known.uses[stemmed.indexOf(word)]?.inType ?? 0;
  const wordUses = (word: SearchWord) =>
    usesOf(word.typed) +
    (word.spelling === undefined ? 0 : usesOf(word.spelling)) +
    known.near.filter((near) => near.typed === word.typed && word.corrections.includes(near.word)).reduce((sum, near) => sum + near.uses, 0) +
    (word.split ? 1 : 0);
  const partUses = (part: SearchWord[]) => {
    const meant = part.filter((word) => lexemesOf(word.typed).length > 0 || word.corrections.length > 0 || word.split);
    if (meant.length === 0) return undefined;
    const least = Math.min(...meant.map(wordUses));
    // Synonyms, or two words typed apart for one, may match where the words alone do not.
    return part[0]!.synonyms || part[0]!.joined !== undefined ? Math.max(least, 1) : least;
  };
  const relaxed = live ? relaxedSearches(words, partUses) : [];
  const page = withinWindow(query, SEARCH_RESULTS_WINDOW);
  const otherType = live ? otherTypeOf(type) : undefined;
  const read = await readCandidates(db, filters, words, page, otherType, relaxed);
  // No listing has every word: the first relaxed search that finds some (docs/decisions/search.md,
  // "Relaxing"), read by the same statement (its other type's count is of the fewer words: unused).
  const relaxedTo = read.count === 0 && read.relaxed !== undefined ? relaxed[read.relaxed] : undefined;
  const answer = relaxedTo ? await readCandidates(db, filters, relaxedTo, page, otherType) : read;
  const rows = answer.ids.length === 0 ? [] : await findListingsInOrder(db, answer.ids);
  return {
    rows,
    ...upToWindow(answer.count),
    ...(read.otherType === undefined ? {} : { otherType: upToWindow(read.otherType) }),
    ...(relaxedTo ? { relaxedTo: relaxedTo.map((word) => word.typed) } : {}),
  };
}
