import { and, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { LIST_RESULTS_WINDOW, listCountLimit, type ListingQuery, SEARCH_RESULTS_WINDOW } from '../../../shared/schemas/listing-query';
import type { ListingStatus, ListingType } from '../../../shared/types';
import { allowedTypos } from './edit-distance';
import { catalogueWhere } from './listing-filters';
import { correctWords, parseSearch, searchMatch, type SearchWord } from './listing-search';
import { countListingsUpTo, featuredThenNewest, findListingPage, findListingsInOrder, type ListingWithRelations, type Page } from './listings.queries';
import { type CandidateRead, pageOfCandidates, type ReadScope, readMatches, readMatchesAndTitles, readTitles } from './search-candidates.queries';
import { lookUpWords } from './search-words.queries';

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
  // Only words before the last can match as whole words (tsQueryText). The slices' creation span
  // and match estimate are looked up beside the corrections, the estimate for the words as typed:
  // it only sizes the first slice (a typo's estimate of none reads the whole catalogue), and
  // waiting for the corrections first cost every search a round trip (1-2 ms at 100,000).
  const { status } = query;
  const sliced = status !== 'all';
  const [known, span, estimate] = await Promise.all([
    lookUpWords(
      db,
      type,
      typed.filter((word) => allowedTypos(word) > 0),
      typed.slice(0, -1),
    ),
    sliced ? recentCreationSpan(db, type, status) : undefined,
    sliced ? estimateMatches(db, filters, correctWords(typed, [])) : undefined,
  ]);
  const words = correctWords(typed, known.near, known.whole);
  // The typed words' estimate says nothing of how many listings a correction matches ("hubpsot":
  // none, "hubspot": thousands), so a corrected search never reads every match at once.
  const corrected = words.some((word) => word.corrections.length > 0);
  const limits = { window: SEARCH_RESULTS_WINDOW, titleWindow: TITLE_WINDOW, readOnce: corrected ? false : undefined };
  return findSearchPage(db, filters, words, withinWindow(query, SEARCH_RESULTS_WINDOW), span && { ...span, estimate }, limits);
}

/**
 * A word that at least this share of the listings (under the filters) use is read by the walk of
 * listings_browse_idx that PostgreSQL chooses for it: the window's matches come within a few
 * windows of the newest listings. A slice would make it read the word's whole index entry instead.
 */
const COMMON_SHARE = 0.2;
/** A wider slice is made this many times wider than the matches the last one lacked. */
const WIDEN_MARGIN = 1.25;
/**
 * The planner's estimates of a prefix ("podcast:*") ran 1.7-2.2 times under the true matches at
 * 100,000 and 1,000,000 listings, so a first slice is sized for this many times the estimate:
 * still a margin, and the slice pays for more words. Sized for the estimate itself, "invoicing"
 * (3,160 tools of 44,000) was judged too wide to slice and read whole (6.2 ms); sized for twice
 * it, "podcast" and "makeover" came out too narrow and took a second statement (7.7, 8.3 ms);
 * for 1.5 times, 3.3, 3.1 and 3.1 ms (EXPLAIN ANALYZE at 100,000 listings, window 500).
 */
const UNDERESTIMATE = 1.5;
/**
 * Whether a slice pays. PostgreSQL builds a bitmap of every listing in the slice (about 0.1 µs
 * each; the creation index covers the whole table) to save reading and ranking the matches
 * outside it (1.5 µs or more each, and twice when the title matches are read too): a slice pays
 * while it holds fewer than PAYBACK listings for each match it saves. Never more than half the
 * span (the estimates are rough), and never more than MAX_SLICE_LISTINGS: at 1,000,000 listings a
 * bitmap of 77,000 listings no longer fitted the default work_mem (4 MB) exactly, went lossy, and
 * every listing on its pages was checked again (17,000 titles parsed again for "podcast"), still
 * correct but slower.
 */
const PAYBACK = 30;
const MAX_SLICE_SHARE = 1 / 2;
const MAX_SLICE_LISTINGS = 80_000;
/**
 * Before any title match was seen, a title slice is sized as if this share of the matches were
 * title matches: a little under what the catalogue's common words show ("seo" 8 %, "agency" 7 %),
 * so the slice comes out a little wide rather than too narrow (a second statement). A wrong guess
 * costs a wider slice, sized from what was found.
 */
const TITLE_SHARE = 0.05;
/**
 * How many title matches a search's candidates hold besides the window's matches: the newest
 * ones, which rank first. A common word's title matches are many ("agency": 3,658 services at
 * 100,000 listings) and every one of them was read to find the window's newest; a hundred are a
 * narrow slice (docs/decisions/search.md, "Candidates").
 */
const TITLE_WINDOW = 100;
/** After this many statements with a slice too narrow, the next one reads the whole catalogue. */
const MAX_SLICES = 3;

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

/**
 * How long a server keeps a creation span. A span only sizes a search's first slices: the answer
 * never depends on it (findSearchPage), so a span a minute old, or one older than another
 * server's writes, costs at worst a wider slice or another statement, while every search saves
 * a statement.
 */
const SPAN_KEPT_MS = 60_000;
const keptSpans = new WeakMap<Executor, Map<string, { at: number; span: Promise<CreationSpan | undefined> }>>();

/** findCreationSpan, asked at most once a minute per database, type and status. */
function recentCreationSpan(db: Executor, type: ListingType, status: ListingStatus): Promise<CreationSpan | undefined> {
  const kept = keptSpans.get(db) ?? new Map<string, { at: number; span: Promise<CreationSpan | undefined> }>();
  keptSpans.set(db, kept);
  const key = `${type} ${status}`;
  const recent = kept.get(key);
  if (recent && Date.now() - recent.at < SPAN_KEPT_MS) return recent.span;
  const span = findCreationSpan(db, type, status);
  kept.set(key, { at: Date.now(), span });
  // A failed look-up is not kept: the next search asks again.
  span.catch(() => {
    if (kept.get(key)?.span === span) kept.delete(key);
  });
  return span;
}

/**
 * By the planner's statistics: how many listings pass the filters, how many of them match, and
 * how many the table holds (the creation-time index covers them all). `likely`: how many the
 * search probably matches, which sizes its slices (likelyMatches).
 */
export type MatchEstimate = { listings: number; matches: number; likely: number; table: number; several?: boolean };

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
  return { matches, likely: likelyMatches(matches, each as number[]), listings: filtered, table, several: single.length > 0 };
}

/**
 * How many listings a search probably matches, from the planner's estimates of all its words
 * together (`matches`) and of each alone (`each`, for several words). The planner multiplies
 * words as if they were independent, but a search's words go together: "social media
 * scheduling" was estimated at 108 tools and matches 3,103. They can match no more than their
 * rarest word does, so that bound is taken: a slice sized from it may come out too narrow (a
 * second statement), never too wide to stop at. Times UNDERESTIMATE: a prefix is estimated low.
 */
export function likelyMatches(matches: number, each: number[]): number {
  return (each.length > 0 ? Math.min(...each) : matches) * UNDERESTIMATE;
}

/** Where a search's first statement starts its slices: undefined reads the whole catalogue. */
export type Slices = { matchesFrom?: number; titlesFrom?: number };

/** Where the search's span of creation times is, and how many listings the table holds. */
export type Span = { newest: number; oldest: number; table: number };

/**
 * The start of a slice holding `share` of the span, the newest, for a read expecting `expected`
 * rows from the whole catalogue; undefined (the whole catalogue) where a slice does not pay.
 */
function sliceStart(span: Span, share: number, expected: number): number | undefined {
  const listings = share * span.table;
  const pays = share <= MAX_SLICE_SHARE && listings <= MAX_SLICE_LISTINGS && listings <= PAYBACK * expected * (1 - share);
  return pays ? span.newest - (span.newest - span.oldest) * share : undefined;
}

/**
 * The first slices of a search, from the estimates, assuming listings were created at an even
 * pace: none for the matches of a word common enough to be walked, and none where the slice
 * would be too wide to pay (a rarer word).
 */
export function firstSlices(estimate: MatchEstimate | undefined, span: Span | undefined, window: number, titleWindow = window): Slices {
  if (!estimate || !span) return {};
  // Several words' estimate is only a bound: a slice from it may come out too narrow, and each
  // statement scans every word's index entries again ("email marketing retainer": two
  // statements, 8.2 ms, where one read of its 1,290 matches takes 4.4). Where one read pays, none.
  if (estimate.several && readsMatchesOnce(estimate, window)) return {};
  // The planner walks listings_browse_idx for what it estimates common.
  const common = estimate.matches >= COMMON_SHARE * estimate.listings;
  const { likely } = estimate;
  const matchesFrom = common ? undefined : sliceStart(span, (window + 1) / likely, likely);
  const titles = estimate.matches * TITLE_SHARE;
  return { matchesFrom, titlesFrom: matchesFrom ?? sliceStart(span, titleWindow / titles, titles) };
}

/**
 * A slice wide enough for what the last one lacked: as many times wider as its matches fell
 * short, with a margin, at least twice as wide; the whole catalogue (undefined) when nothing
 * was found to scale from or the slice would be too wide.
 */
export function widenSlice(span: Span, from: number, found: number, needed: number, read = found): number | undefined {
  if (found === 0) return undefined;
  const share = (span.newest - from) / (span.newest - span.oldest);
  // `read`: what the slice read (its matches, when the title matches were picked among them).
  return sliceStart(span, share * Math.max(2, (needed / found) * WIDEN_MARGIN), read / share);
}

/**
 * Whether a search reading the whole catalogue reads its matches once, picking the title matches
 * among them as they are read, rather than walking listings_browse_idx for the window's matches
 * (PostgreSQL's plan for a common word) and reading the title matches apart. A walk stops after
 * about window / share listings (share: of the listings, the matching ones); reading every match
 * costs about as much per match. So one read pays while matches <= window * listings / matches,
 * that is while matches <= sqrt(window * listings): at 100,000 listings "podcast" (2,254 of
 * 56,000 services, all in their titles) was read twice before, "seo" (27,500) is still walked.
 */
export function readsMatchesOnce(estimate: MatchEstimate | undefined, window: number): boolean {
  return estimate !== undefined && estimate.likely <= Math.sqrt(window * estimate.listings);
}

export type SearchLimits = {
  /** How many ranked candidates a search serves (SEARCH_RESULTS_WINDOW). */
  window: number;
  /** How many title matches are candidates besides (SearchLimits.window by default). */
  titleWindow?: number;
  /** Where the first statement's slices start, for tests; otherwise from the estimates. */
  firstSlices?: Slices;
  /** Whether the whole catalogue's matches may be read once; undefined: readsMatchesOnce. */
  readOnce?: boolean;
  /** Called with each statement's slices, for tests: an undefined start is the whole catalogue. */
  onSlice?: (slices: { matchesFrom?: Date; titlesFrom?: Date }) => void;
};

/**
 * The page and total of a search (docs/decisions/search.md, "Newest slice first"). Its
 * candidates are the window's best matches by featured-then-newest, and the window's best title
 * matches by the same order. Every featured match and every match created at or after a time
 * comes before every other match in that order, so a slice (featured, or created since) holding
 * more matches than the window gives exactly the window's best matches of the whole catalogue,
 * and one holding the window's worth of title matches its best title matches. When a slice holds
 * fewer, the statement is repeated with a wider one, sized from what was found, and in the end
 * with the whole catalogue.
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
  const estimate = creation && ('estimate' in creation ? creation.estimate : await estimateMatches(db, filters, words));
  const span = creation && estimate && creation.newest > creation.oldest ? { ...creation, table: estimate.table } : undefined;
  let { matchesFrom, titlesFrom } = limits.firstSlices ?? firstSlices(estimate, span, window, titleWindow);
  const readOnce = limits.readOnce ?? readsMatchesOnce(estimate, window);
  const scope: ReadScope = { filters, words, window, titleWindow, top: page ? page.offset + page.limit : 0 };
  // The title matches only count when the matches overflow the window (otherwise every title
  // match is among them). Where the estimate says they will, the title matches are read beside the
  // matches, a second statement on its own connection (and core); otherwise after, if need be.
  const overflowLikely = estimate !== undefined && estimate.likely > window;
  // A read still true for the slices asked next is not repeated.
  let matches: CandidateRead | undefined;
  let titles: CandidateRead | undefined;
  for (let statement = 1; ; statement += 1) {
    if (titlesFrom === matchesFrom && (matchesFrom !== undefined || readOnce)) {
      ({ matches, titles } = await readMatchesAndTitles(db, scope, matchesFrom));
    } else {
      const beside = matches === undefined && overflowLikely;
      [matches, titles] = await Promise.all([matches ?? readMatches(db, scope, matchesFrom), titles ?? (beside ? readTitles(db, scope, titlesFrom) : undefined)]);
      if (titles === undefined && matches.count > window) titles = await readTitles(db, scope, titlesFrom);
    }
    limits.onSlice?.({ matchesFrom: toDate(matchesFrom), titlesFrom: toDate(titlesFrom) });
    const widening = statement < MAX_SLICES ? span : undefined;
    const overflowing = matches.count > window;
    if (matchesFrom !== undefined && !overflowing) {
      // Fewer matches than the window: older ones may belong in it, and so may older title matches.
      const from = matchesFrom;
      matchesFrom = widening && widenSlice(widening, from, matches.count, window + 1);
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
      const ids = page ? pageOfCandidates(overflowing && titles ? [matches, titles] : [matches], page.offset, page.limit) : [];
      const rows = ids.length === 0 ? [] : await findListingsInOrder(db, ids);
      return overflowing ? { rows, total: window, totalExact: false } : { rows, total: matches.count, totalExact: true };
    }
  }
}

const toDate = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms));
