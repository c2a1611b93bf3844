import { and, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { LIST_RESULTS_WINDOW, type ListingQuery, SEARCH_RESULTS_WINDOW } from '../../../shared/schemas/listing-query';
import type { TermsVisibility } from '../../../shared/partner-programme-values';
import type { ListingType } from '../../../shared/types';
import { allowedTypos } from './edit-distance';
import { asksOwnFilters, catalogueCountWhere, catalogueWhere, categoryTree, isNarrowed } from './listing-filters';
import { correctWords, expandWords, isExpanded, joinCandidates, parseSearch, searchMatch, type SearchWord } from './listing-search';
import { asksProgramme, findSortedPageIds, termsInFullTextIndex, termsWalkForm, walksProgrammeTerms, withAnyProgramme } from './programme-filters';
import { countListingsUpTo, featuredThenNewest, findCategoryTreePageIds, findListingPage, findListingsInOrder, type ListingSummaryWithRelations, type Page } from './listings.queries';
import { type CandidateRead, type CategoryWalk, pageOfCandidates, type ReadScope, readCategoryTitleWalk, readCategoryWalk, readMatches, readMatchesAndTitles, readTitles, readTitleWalk, readWalkInHalves, walkedOn } from './search-candidates.queries';
import { firstSlices, type MatchEstimate, readsKeptRows, readsMatchesOnce, readsTermsOnce, sliceAfterWalk, type Slices, testsTitleSlice, titleWalkAfter, titleWalkLength, walkLength, walksCategories, walksCategoryTitles, widenSlice, wordsThroughIndex } from './search-slices';
import { type CreationSpan, recentCreationSpan } from './search-slices.queries';
import { filterShare, narrowedEstimate, treeOf } from './filter-sample';
import { recentFilterSample } from './filter-sample.queries';
import { estimateFromStatistics, queriedWords } from './search-statistics';
import { recentSearchStatistics } from './search-statistics.queries';
import { lookUpWords } from './search-words.queries';

export type CataloguePage = { rows: ListingSummaryWithRelations[]; total: number; totalExact: boolean };

/** The part of the page inside the window; undefined when the page starts beyond it. */
function withinWindow(page: Page, window: number): Page | undefined {
  return page.offset >= window ? undefined : { offset: page.offset, limit: Math.min(page.limit, window - page.offset) };
}

/**
 * One page of the catalogue and its total. Ordered by relevance when searching, otherwise
 * featured first and then newest; equal ones keep a stable order by id. A partner-programme sort
 * (highest margin, highest earnings, newest verified) orders either. `numbersFor`: the
 * programme visibilities whose numbers this viewer may filter and sort by.
 */
export async function findCataloguePage(db: Executor, type: ListingType, query: ListingQuery, numbersFor: TermsVisibility[] = ['public']): Promise<CataloguePage> {
  const filters = catalogueWhere(type, query, numbersFor);
  // The list's other filters, for a walk of its category tree's categories one by one: the tree's
  // own condition would unorder each walk.
  const besideTree = () => catalogueWhere(type, { ...query, categoryId: undefined }, numbersFor);
  // A search's reads of every match find the programme's terms in the full-text indexes, as
  // words (ReadScope.fullTextFilters).
  const fullTextFilters = () => (asksProgramme(query) ? catalogueWhere(type, query, numbersFor, 'fullText') : undefined);
  if (query.search === undefined || query.sort !== undefined) {
    const typed = query.search === undefined ? undefined : parseSearch(query.search);
    if (typed?.length === 0) return { rows: [], total: 0, totalExact: true };
    // A sorted search orders every match of the words as typed (the last one a prefix) by the
    // figure: relevance, and with it the corrections of the relevance order, do not apply. It
    // reaches as far as any search, 500 results ("500+"), so it never counts a common word's
    // matches to 10,000 ("seo": 27,507 at 100,000 listings).
    const where = typed ? and(filters, searchMatch(correctWords(typed, [])))! : filters;
    const reach = typed ? SEARCH_RESULTS_WINDOW : LIST_RESULTS_WINDOW;
    const page = withinWindow(query, reach);
    const { sort } = query;
    const pageRows = async (): Promise<ListingSummaryWithRelations[]> => {
      if (!page) return [];
      if (!sort && !typed && query.categoryId !== undefined && query.status !== 'all') {
        const known = treeOf((await recentFilterSample(db)).parents, query.categoryId);
        const ids = await findCategoryTreePageIds(db, { tree: categoryTree(query.categoryId), known: [...known], filters: besideTree() }, page);
        return ids.length === 0 ? [] : findListingsInOrder(db, ids);
      }
      if (!sort) return findListingPage(db, where, featuredThenNewest(), page);
      const ids = await findSortedPageIds(db, where, sort, page);
      return ids.length === 0 ? [] : findListingsInOrder(db, ids);
    };
    // A list's count may read an index of the programme terms that its page cannot (catalogueCountWhere).
    const countWhere = typed ? where : catalogueCountWhere(type, query, numbersFor);
    const [rows, count] = await Promise.all([pageRows(), countListingsUpTo(db, countWhere, reach)]);
    return { rows, ...count };
  }

  const typed = parseSearch(query.search);
  // Text without a letter or a digit matches nothing.
  if (typed.length === 0) return { rows: [], total: 0, totalExact: true };
  // Words before the last are asked whether they are whole words, the last whether it is complete
  // (tsQueryText). The slices' creation span and match estimate are found beside the corrections,
  // the estimate for the words as typed, each a prefix but for a short earlier word, which always
  // matches as a word (correctWords): it only sizes the first slice (a
  // typo's estimate of none reads the whole catalogue), and waiting for the corrections first cost
  // every search a round trip (1-2 ms at 100,000). A search is estimated in the server, for its
  // type and status from the planner's statistics and the typed words' lexemes, which come with
  // the look-up (search-statistics.ts), narrowed by the share of a sample of listings its filters
  // keep (filter-sample.ts); both are kept a minute, so no search asks the planner. A search within
  // a category whose word is common in its type walks the categories (walksCategories).
  const { status } = query;
  const sliced = status !== 'all';
  // The words as typed, before the look-up: uncorrected, and prefixes but for short earlier words.
  const asTyped = correctWords(typed, []);
  const narrowed = sliced && isNarrowed(query);
  const tree = sliced && query.categoryId !== undefined ? categoryTree(query.categoryId) : undefined;
  const [known, span, statistics, sample] = await Promise.all([
    lookUpWords(
      db,
      type,
      typed.filter((word) => allowedTypos(word) > 0),
      typed.slice(0, -1),
      // The vocabulary holds the words of live listings only: other searches keep the prefix.
      status === 'approved' ? typed.at(-1) : undefined,
      sliced ? typed : [],
      // Two neighbouring words typed apart for one catalogue word (docs/decisions/search-names.md).
      joinCandidates(typed),
    ),
    sliced ? recentCreationSpan(db, type, status) : undefined,
    sliced ? recentSearchStatistics(db) : undefined,
    narrowed ? recentFilterSample(db) : undefined,
  ]);
  const words = expandWords(correctWords(typed, known.near, known.whole, known.complete), known.joined ?? new Set(), known.splits ?? []);
  // A corrected word is estimated from its corrections' uses in the type.
  const ofType = statistics && estimateFromStatistics(statistics, { type, status }, queriedWords(known.lexemes, asTyped, known.uses, { words, near: known.near }));
  const share = sample && filterShare(sample, type, status, query, numbersFor);
  // Without statistics (a table never analyzed), or a sample too small to narrow them (a small
  // catalogue), no estimate: the whole catalogue is read, as PostgreSQL plans it. Where every
  // filter is a programme term the full-text indexes hold, a read of every match reads only the
  // matches under them.
  const termsIndexed = termsInFullTextIndex(query, numbersFor);
  const filtersInIndex = termsIndexed && !asksOwnFilters(query);
  const estimate = ofType && (!narrowed ? ofType : share === undefined ? undefined : narrowedEstimate(ofType, share, filtersInIndex));
  // The estimate says nothing of what a word typed joined or split matches, so such a search
  // never reads every match at once, nor walks.
  const expanded = isExpanded(words);
  const corrected = expanded || words.some((word) => word.corrections.length > 0);
  // Only stop words ("a", "the"), none corrected: the query keeps no lexeme and matches nothing,
  // which is known without reading ("s" and "a" are the benchmark's one-letter searches).
  const onlyStopWords = known.lexemes.length === typed.length && known.lexemes.every((lexemes) => lexemes.length === 0);
  if (onlyStopWords && !corrected) return { rows: [], total: 0, totalExact: true };
  const page = withinWindow(query, SEARCH_RESULTS_WINDOW);
  if (tree && !expanded && ofType && walksCategories(ofType)) {
    // The tree's categories as the server knows them, and the shares of listings the walks keep,
    // which say how far each walk goes (walkCategoryTree).
    const known = sample && query.categoryId !== undefined ? [...treeOf(sample.parents, query.categoryId)] : [];
    const share = (listings: number) => listings / ofType.listings;
    const titleShare = share(ofType.titlesAtMost ?? ofType.titles ?? 0);
    const categories = { tree, filters: besideTree(), known, matchShare: share(ofType.likely), titleShare, titles: walksCategoryTitles(ofType, TITLE_WINDOW) };
    return findSearchPage(db, filters, words, page, undefined, { window: SEARCH_RESULTS_WINDOW, titleWindow: TITLE_WINDOW, fullTextFilters: fullTextFilters(), categories });
  }
  const walkTerms = walksProgrammeTerms(query);
  const termsWalk = expanded ? undefined : walkLength(estimate, SEARCH_RESULTS_WINDOW, walkTerms);
  // Where the full-text indexes hold every filter, a walk of the programme terms may give way to
  // a read of every match at once (readsTermsOnce); their title matches, walked for where the
  // title index read every title match of the type, are then read through that index too, which
  // finds only those under the terms (titleWalkLength of the estimate under them).
  // A walk of whole rows (termsWalkForm) costs a row for each listing it passes, as a read at once
  // does for each match, so the matches are read at once where they are no more than the walk
  // passes for the window (readsMatchesOnce): "seo" among services with an affiliate programme,
  // about 5,300 matches, 3,524 -> 1,669 buffers walked. A walk of ids, three or four buffers a
  // listing, gives way where they are no more than its first half (readsTermsOnce).
  const rowsForm = walkTerms ? termsWalkForm(query, asksOwnFilters(query)) : undefined;
  const termsOnce = walkTerms && filtersInIndex && termsWalk !== undefined && (rowsForm ? readsMatchesOnce(estimate, SEARCH_RESULTS_WINDOW) : readsTermsOnce(estimate, termsWalk));
  const walk = termsOnce ? undefined : termsWalk;
  const indexTitles = walkTerms && termsIndexed ? estimate : ofType;
  // A territory PostgreSQL can neither test in the programmes' index (a B-tree has no
  // containment) nor estimate (it takes a country for rare): it reads every listing of another
  // term from that term's index, or walks every listing with a programme reading each one's row
  // ("crm" among verified tools for the United States: 13,370 verified programmes read for 2,250
  // matches, 54 ms). Its matches are read at once from the full-text indexes instead, which hold
  // the territories, where they are fewer than such a walk passes (readsMatchesOnce, of the
  // listings with a programme): 2,464 buffers, 21 ms. Under the other terms PostgreSQL tests them
  // in that index as it walks, which read fewer rows than the read at once did.
  const programmeShare = filtersInIndex && query.territory !== undefined && sample ? filterShare(sample, type, status, withAnyProgramme(query), numbersFor) : undefined;
  const territoryOnce = programmeShare !== undefined && ofType !== undefined && readsMatchesOnce(estimate && { ...estimate, listings: ofType.listings * programmeShare }, SEARCH_RESULTS_WINDOW);
  const limits = {
    window: SEARCH_RESULTS_WINDOW,
    titleWindow: TITLE_WINDOW,
    fullTextFilters: fullTextFilters(),
    readOnce: expanded ? false : termsOnce || territoryOnce ? true : undefined,
    walk,
    walkTerms,
    walkRows: walk !== undefined && rowsForm ? catalogueWhere(type, query, numbersFor, rowsForm) : undefined,
    titleWalk: walk !== undefined && walkTerms ? titleWalkLength(estimate, indexTitles, TITLE_WINDOW) : undefined,
    typeTitles: walk !== undefined && walkTerms ? indexTitles?.titles : undefined,
    // Where the filters keep more listings than the walk passes, reading and sorting all of them
    // reads more than a walk in order that stops at its length ("design" among services with a
    // 20 % margin: 11.8 -> 6.5 ms); where fewer, the walk would pass every one of them anyway
    // ("seo" at 60 %, a few hundred: 0.4 ms sorted, 4.3 walked).
    walkInOrder: walk !== undefined && estimate !== undefined && estimate.listings > walk ? catalogueWhere(type, query, numbersFor, 'inOrder') : undefined,
    fewWords: readsMatchesOnce(ofType, SEARCH_RESULTS_WINDOW),
    // Only the listing's own filters: each is a range of an index of its own, where the programme's
    // are read from indexes that hold every listing with a programme.
    keptRows: !asksProgramme(query) && readsKeptRows(estimate),
    // What a corrected or expanded word matches is not what its uses count.
    indexed: ofType && !corrected ? wordsThroughIndex(words, known.lexemes, known.uses.map((uses) => uses.inType), ofType.listings) : undefined,
  };
  return findSearchPage(db, filters, words, page, span && { ...span, estimate }, limits);
}

/**
 * How many title matches a search's candidates hold besides the window's matches: the newest
 * ones, which rank first. A common word's title matches are many ("agency": 3,658 services at
 * 100,000 listings) and every one of them was read to find the window's newest; a hundred are a
 * narrow slice (docs/decisions/search.md, "What a search ranks").
 */
const TITLE_WINDOW = 100;
/** After this many statements with a slice too narrow, the next one reads the whole catalogue. */
const MAX_SLICES = 3;

export type SearchLimits = {
  /** How many ranked candidates a search serves (SEARCH_RESULTS_WINDOW). */
  window: number;
  /** How many title matches are candidates besides (SearchLimits.window by default). */
  titleWindow?: number;
  /** The words the full-text index is asked for (wordsThroughIndex); all when absent. */
  indexed?: SearchWord[];
  /** The filters as the full-text indexes hold them (ReadScope.fullTextFilters). */
  fullTextFilters?: SQL;
  /** Where the first statement's slices start, for tests; otherwise from the estimates. */
  firstSlices?: Slices;
  /** Whether the whole catalogue's matches may be read once; undefined: readsMatchesOnce. */
  readOnce?: boolean;
  /** How many listings to walk first, newest first, for the window's matches (walkLength); undefined for no walk. */
  walk?: number;
  /** The walk is for partner-programme terms: it reads ids from their index and takes its own title matches (readWalk, `byIndex`). */
  walkTerms?: boolean;
  /** The filters such a walk reads whole rows by, each passing listing's as it goes (readWalk's `wholeRows`, termsWalkForm); undefined: it walks ids. */
  walkRows?: SQL;
  /** How many listings such a walk's title matches are walked for when the walk holds too few (readTitleWalk); undefined: read through the title index. */
  titleWalk?: number;
  /** How many title matches the list's type holds, which the title index reads (MatchEstimate.titles of the type): what a title walk's walking on is weighed against (titleWalkAfter). */
  typeTitles?: number;
  /** The filters that walk is read by, in the form only the catalogue order's index answers (readWalk's `inOrder`). */
  walkInOrder?: SQL;
  /**
   * The words alone, unfiltered, are few in the list's type (readsMatchesOnce of its estimate): a
   * read of every match finds them through the full-text index, whatever the planner's statistics
   * of both types together say (fewSearchMatch).
   */
  fewWords?: boolean;
  /**
   * The listing's own filters keep so few listings that a read of every match reads them through
   * the filters' indexes and tests the words on each row (readsKeptRows); before fewWords.
   */
  keptRows?: boolean;
  /**
   * A category tree whose categories are walked one by one for the window's matches
   * (readCategoryWalk), instead of slices or a walk of the whole type; `titles`: for the title
   * matches too (readCategoryTitleWalk), otherwise they are read through the title index.
   */
  categories?: CategoryWalk & { titles?: boolean };
  /** Called with each statement's slices, for tests: an undefined start is the whole catalogue. */
  onSlice?: (slices: { matchesFrom?: Date; titlesFrom?: Date }) => void;
  /** Called with how many matches the walk found and how many listings it passed, for tests. */
  onWalk?: (found: number, walked: number) => void;
};

/**
 * The page and total of a search (docs/decisions/search.md, "The newest slice is read first"
 * and "Reads side by side, or once"). Its candidates are the window's best matches by
 * featured-then-newest, and the title window's best title matches by the same order. Every
 * featured match and every match created at or after a time comes before every other match in
 * that order, so a slice (featured, or created since) holding more matches than the window gives
 * exactly the window's best matches of the whole catalogue, and one holding the title window's
 * worth of title matches its best title matches. When a slice holds fewer, it is read again
 * wider, sized from what was found, and in the end the whole catalogue is read.
 */
export async function findSearchPage(
  db: Executor,
  filters: SQL,
  words: SearchWord[],
  page: Page | undefined,
  creation: (CreationSpan & { estimate?: MatchEstimate }) | undefined,
  limits: SearchLimits = { window: SEARCH_RESULTS_WINDOW },
): Promise<CataloguePage> {
  const { window, titleWindow = window } = limits;
  const estimate = creation?.estimate;
  const span = creation && estimate && creation.newest > creation.oldest ? { ...creation, table: estimate.table } : undefined;
  let { matchesFrom, titlesFrom } = limits.firstSlices ?? firstSlices(estimate, span, window, titleWindow);
  let readOnce = limits.readOnce ?? readsMatchesOnce(estimate, window);
  const scope: ReadScope = { filters, fullTextFilters: limits.fullTextFilters, words, indexed: limits.indexed, window, titleWindow, top: page ? page.offset + page.limit : 0 };
  // The title matches only count when the matches overflow the window (otherwise every title
  // match is among them). Where the estimate says they will, the title matches are read beside the
  // matches, a second statement on its own connection (and core); otherwise after, if need be.
  const overflowLikely = estimate !== undefined && estimate.likely > window;
  const readTitleSlice = (from: number | undefined) => readTitles(db, scope, from, span !== undefined && testsTitleSlice(span, from, estimate));
  if (limits.categories) {
    // The title matches of the whole tree beside: through the title index, unless they are
    // common enough for a walk of each category to stop early.
    const { categories } = limits;
    const [walked, allTitles] = await Promise.all([
      readCategoryWalk(db, scope, categories),
      categories.titles ? readCategoryTitleWalk(db, scope, categories) : readTitles(db, scope),
    ]);
    return pageOf(db, page, walked, allTitles, window);
  }
  // A read still true for the slices asked next is not repeated.
  let matches: CandidateRead | undefined;
  let titles: CandidateRead | undefined;
  if (limits.walk !== undefined) {
    // The title matches of the whole catalogue beside the walk: several words' are few, and they
    // stay true whatever the walk finds. A walk of the programme terms takes them from its own
    // matches first: a common word's title matches under the terms are many, and reading them
    // through the title index tests the terms on each ("marketing" among verified programmes'
    // services: 1,366 rows, 8 ms, where the walk took 4). Unless the window's matches are
    // estimated to hold fewer than the title window's: the read after the walk then cost a round
    // trip ("seo" among services with a 30 % margin, 47 title matches in the walk's 501: 4.9 ms
    // after a walk of 10; "marketing" among tools with a 40 % margin, none in a title: 2.6 of 15).
    // Apart from the walk's, the title matches are walked for too where that reads fewer rows
    // than the title index (titleWalkLength): "agency" among tools with a white-label resale
    // programme, 44 title matches in the walk's 501, read 5,059 rows through the index, 12 ms. A
    // title walk that falls short walks on once, as far as what it found says the rest need
    // (titleWalkAfter), where that reads fewer rows than the index: "marketing" among services
    // with a referral or affiliate programme, 92 title matches in a title walk of 1,520, read
    // the index's 4,484 rows (19 ms) for the 8 it lacked, which 166 more listings hold. A walk
    // that holds fewer than the title window says nothing of older ones: the index then.
    const { walkTerms = false, titleWalk } = limits;
    const titlesApart = async (): Promise<CandidateRead> => {
      if (titleWalk === undefined) return readTitles(db, scope);
      const { walkInOrder: inOrder } = limits;
      const first = await readTitleWalk(db, scope, { length: titleWalk, inOrder });
      if (first.count >= titleWindow) return first;
      const onFor = titleWalkAfter(titleWalk, first.count, titleWindow, limits.typeTitles);
      const rest = onFor === undefined ? undefined : await readTitleWalk(db, { ...scope, titleWindow: titleWindow - first.count }, { length: onFor, skip: titleWalk, inOrder });
      return rest && first.count + rest.count >= titleWindow ? walkedOn(first, rest) : readTitles(db, scope);
    };
    const titlesFromWalk = walkTerms && !(estimate?.titles !== undefined && estimate.titles * (window + 1) < titleWindow * estimate.likely);
    // A walk of whole rows reads by its own form of the filters (termsWalkForm): a minimum margin
    // as a range the index tests in its entries, or one type by its own index; a walk of ids
    // keeps the form that only the order's index answers.
    const { walkRows } = limits;
    const how = walkRows ? { byIndex: true, wholeRows: true, inOrder: walkRows } : { byIndex: walkTerms, inOrder: limits.walkInOrder };
    const [walked, titlesBeside] = await Promise.all([readWalkInHalves(db, scope, limits.walk, how), titlesFromWalk ? undefined : titlesApart()]);
    limits.onWalk?.(walked.count, walked.walked);
    const walkedTitles = walked.titles && walked.titles.count >= titleWindow ? walked.titles : undefined;
    if (walked.count > window && walkedTitles) return pageOf(db, page, walked, walkedTitles, window);
    const allTitles = titlesBeside ?? (await titlesApart());
    if (walked.count > window) return pageOf(db, page, walked, allTitles, window);
    titles = allTitles;
    titlesFrom = undefined;
    if (span && estimate) {
      matchesFrom = sliceAfterWalk(span, estimate.listings, walked.count, walked.walked, window);
      // What the walk found measures the words together, where the estimate could only bound them
      // by the rarest: few enough matches are read at once, from the words' index entries. Left to
      // the planner, trusting its estimate, it walked on ("web rese" among tools: 25,000 listings
      // passed for 501 matches, 61 ms, where reading its 900 matches takes a few).
      if (limits.readOnce === undefined) readOnce = readsMatchesOnce({ ...estimate, likely: (walked.count / walked.walked) * estimate.listings }, window);
    }
  }
  for (let statement = 1; ; statement += 1) {
    // Every match read at once holds every title match: no title slice beside them.
    if (matchesFrom === undefined && readOnce) titlesFrom = undefined;
    if (titlesFrom === matchesFrom && (matchesFrom !== undefined || readOnce)) {
      ({ matches, titles } = await readMatchesAndTitles(db, scope, matchesFrom, limits.keptRows ? 'keptRows' : limits.fewWords ? 'words' : 'planned'));
    } else {
      const beside = matches === undefined && overflowLikely;
      [matches, titles] = await Promise.all([matches ?? readMatches(db, scope, matchesFrom), titles ?? (beside ? readTitleSlice(titlesFrom) : undefined)]);
      if (titles === undefined && matches.count > window) titles = await readTitleSlice(titlesFrom);
    }
    limits.onSlice?.({ matchesFrom: toDate(matchesFrom), titlesFrom: toDate(titlesFrom) });
    const widening = statement < MAX_SLICES ? span : undefined;
    const overflowing = matches.count > window;
    if (matchesFrom !== undefined && !overflowing) {
      // Fewer matches than the window: older ones may belong in it, and so may older title matches.
      const from = matchesFrom;
      // A wider slice where one pays, as after a walk (above): reading every match instead reads
      // them all where the wider slice reads the window's worth ("email marketing retainer" among
      // services at 1,000,000 listings, about 12,000 matches: 38 ms read at once, 12-20 sliced).
      matchesFrom = widening && widenSlice(widening, from, matches.count, window + 1);
      // Where none pays, what the slice found measures the words together, as a walk's matches
      // do: few enough matches are read at once. Read whole as PostgreSQL plans it, "analytics
      // team" among tools (1,819 of 43,739, bounded at 7,012 by its rarest word) was walked for
      // 23 ms after its first slice held 138.
      if (matchesFrom === undefined && limits.readOnce === undefined && span && estimate && !readOnce) {
        const share = (span.newest - from) / (span.newest - span.oldest);
        readOnce = share > 0 && readsMatchesOnce({ ...estimate, likely: matches.count / share }, window);
      }
      // A slice the title matches shared, which held some but too few of them, is made wide
      // enough for them too: every statement scans each word's index entries again ("email
      // marketing retainer" at 1,000,000 listings: 15-20 ms a statement).
      if (widening && matchesFrom !== undefined && titlesFrom === from && titles && titles.count > 0 && titles.count < titleWindow) {
        const forTitles = widenSlice(widening, from, titles.count, titleWindow, matches.count);
        if (forTitles !== undefined) matchesFrom = Math.min(matchesFrom, forTitles);
      }
      titlesFrom = titlesFrom === undefined || matchesFrom === undefined ? undefined : Math.min(titlesFrom, matchesFrom);
      matches = titles = undefined;
    } else if (overflowing && titlesFrom !== undefined && (titles?.count ?? 0) < titleWindow) {
      // The window's matches are there, but fewer title matches than the title window.
      titlesFrom = widening && widenSlice(widening, titlesFrom, titles?.count ?? 0, titleWindow);
      titles = undefined;
    } else {
      return pageOf(db, page, matches, titles, window);
    }
  }
}

/**
 * The page and total from a search's candidates: the window's matches and, when they overflow it,
 * the title window's title matches (otherwise every title match is among the matches).
 */
async function pageOf(db: Executor, page: Page | undefined, matches: CandidateRead, titles: CandidateRead | undefined, window: number): Promise<CataloguePage> {
  const overflowing = matches.count > window;
  const ids = page ? pageOfCandidates(overflowing && titles ? [matches, titles] : [matches], page.offset, page.limit) : [];
  const rows = ids.length === 0 ? [] : await findListingsInOrder(db, ids);
  return overflowing ? { rows, total: window, totalExact: false } : { rows, total: matches.count, totalExact: true };
}

const toDate = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms));
