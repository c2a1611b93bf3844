import type { SearchWord } from './listing-search';

/**
 * How a search sizes its slices of the catalogue (docs/decisions/search.md, "The newest slice is read
 * first" and "Reads side by side, or once"): from the planner's estimates and the creation span, where
 * each statement starts reading. Only the cost depends on these rules, never the answer.
 */

/**
 * A word that at least this share of the listings (under the filters) use is read by the walk of
 * listings_browse_idx that PostgreSQL chooses for it: the window's matches come within a few
 * windows of the newest listings. A slice would make it read the word's whole index entry instead.
 */
const COMMON_SHARE = 0.2;
/**
 * A slice is made this many times wider than the matches it must hold: the first from the
 * estimate, a wider one from the matches the last one lacked, one after a walk from the walk's
 * matches. A margin for a count that varies from one stretch of the catalogue to the next:
 * sized for exactly the window, the first slice of "podcast" (2,205 of 56,000 services at 100,000
 * listings, estimated 2,198) held 4 matches too few, and a second statement read them all.
 */
const SLICE_MARGIN = 1.25;
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
 * Before any title match was seen, and without an estimate of them, a title slice is sized as if
 * this share of the matches were title matches: a little under what the catalogue's common words
 * show ("seo" 8 %, "agency" 7 %), so the slice comes out a little wide rather than too narrow (a
 * second statement). A wrong guess costs a wider slice, sized from what was found.
 */
const TITLE_SHARE = 0.05;
/**
 * An estimate of the title matches (MatchEstimate.titles) ran 2-3 % under the true count for the
 * catalogue's common words at 100,000 listings ("crm": 2,187 for 2,226); a title slice is sized
 * for this many times the title window, so that it holds the window all the same.
 */
const TITLE_MARGIN = 1.25;

/**
 * By the planner's statistics: how many listings pass the filters, how many of them match, and
 * how many the table holds (the creation-time index covers them all). `likely`: how many the
 * search probably matches, which sizes its slices (likelyMatches); `several`: the search has
 * several words, so `likely` is only a bound, taken from `each`, the estimate of each word alone.
 * `titles`, when known: how many title matches (estimateFromStatistics), which sizes a title
 * slice of its own; `titlesAtMost`, for several words, the title matches of the rarest alone, the
 * most they can be (the estimate takes words as independent, low for words that go together:
 * "email marketing", 2,200 estimated of 22,400 services' titles at 1,000,000 listings).
 */
export type MatchEstimate = {
  listings: number;
  matches: number;
  likely: number;
  table: number;
  several?: boolean;
  titles?: number;
  titlesAtMost?: number;
  each?: number[];
  /**
   * Under filters that narrow the list (narrowedEstimate): how many listings of the whole type
   * the words probably match, which a read of every match through the words' index reads.
   */
  inType?: number;
  /**
   * How many listings of every type and status the rarest word probably matches: the fewest
   * entries the full-text index, which holds them all, gathers for the words.
   */
  inTable?: number;
};

/**
 * How many listings a search probably matches, from the estimates of all its words together
 * (`matches`) and of each alone (`each`, for several words). The planner multiplies words as if
 * they were independent, but a search's words go together: "social media scheduling" was
 * estimated at 108 tools and matches 3,103. They can match no more than their rarest word does,
 * so that bound is taken: a slice sized from it may come out too narrow (a second statement),
 * never too wide to stop at.
 */
export function likelyMatches(matches: number, each: number[]): number {
  return each.length > 0 ? Math.min(...each) : matches;
}

/**
 * An estimate's `likely`, `several` and `each` from its words' own estimates (stop words left
 * out): several words are bound by the rarest (likelyMatches); a single word bounds nothing more.
 */
export function boundByEachWord(matches: number, each: number[]): Pick<MatchEstimate, 'likely' | 'several' | 'each'> {
  const bound = each.length > 1 ? each : [];
  return { likely: likelyMatches(matches, bound), several: bound.length > 0, each: bound };
}

/**
 * A walk that finds the window when at least this share of the listings it passes match: 10 %,
 * so 5,010 listings for a window of 500 (6-7 ms at 100,000 listings when it finds too few,
 * whatever the catalogue's size).
 */
const WALK_DENSITY = 0.1;

/**
 * How many listings a search walks first, newest first (readWalk), or undefined for none: only
 * when its word, or its rarest word, is common (COMMON_SHARE of the listings under its filters),
 * and the planner cannot be trusted to choose the walk itself:
 * - several words: it estimates them together as if independent. "crm software" at 100,000
 *   listings: 11,145 of 44,162 tools, estimated 6,567; three sliced statements took 26 ms. A pair
 *   of common words that rarely go together costs one walk in vain, then the usual slices.
 * - `programmeTerms`, a filter of the partner-programme terms: it takes the word and the terms as
 *   independent too, judges the matches rare, and reads the word's whole index entry, testing the
 *   terms on each row: "marketing" among services with an affiliate programme read 24,704 rows for
 *   2,252 matches (77-97 ms at 100,000 listings), where a walk of the programmes' index finds the
 *   window in a few milliseconds.
 */
export function walkLength(estimate: MatchEstimate | undefined, window: number, programmeTerms = false): number | undefined {
  if (!estimate || !(estimate.several || programmeTerms) || estimate.likely < COMMON_SHARE * estimate.listings) return undefined;
  return Math.ceil((window + 1) / WALK_DENSITY);
}

/**
 * Whether a search that would walk the partner-programme terms' ids for `walk` listings
 * (walkLength's `programmeTerms`; a walk of whole rows is weighed by readsMatchesOnce) reads every
 * match at once instead, where the full-text indexes hold the terms as words and find the matches
 * under them without a row: where those are no more than the walk's first half, which it passes
 * at least, reading a row by key for each listing.
 * "design" among tools with an affiliate programme, 1,049 matches: walked, 2,505 rows by key,
 * 24 ms; read at once, 6.
 */
export function readsTermsOnce(estimate: MatchEstimate | undefined, walk: number | undefined): boolean {
  return estimate !== undefined && walk !== undefined && estimate.likely <= Math.ceil(walk / 2);
}

/**
 * How many listings a search walking the partner-programme terms (walkLength's `programmeTerms`)
 * walks for its title matches (readTitleWalk), or undefined to read them through the title index.
 * The index finds the words' title matches among `indexed`'s `titles` (the whole type's, or only
 * those under the terms where the index holds the terms as words) and reads each one's row; the
 * walk reads a row for each listing it passes, about titleWindow / (titles / listings) of them
 * under the terms (`estimate`), with the slices' margin. So the walk is taken where it reads
 * fewer rows: "agency" among tools with a white-label resale programme, 5,059 title matches in
 * the type for about 1,140 walked.
 */
export function titleWalkLength(estimate: MatchEstimate | undefined, indexed: MatchEstimate | undefined, titleWindow: number): number | undefined {
  if (!estimate?.titles || indexed?.titles === undefined) return undefined;
  const length = Math.ceil((titleWindow * SLICE_MARGIN * estimate.listings) / estimate.titles);
  return length < indexed.titles ? length : undefined;
}

/**
 * How many more listings a title walk (readTitleWalk) that passed `passed` listings and found
 * `found` title matches, fewer than the title window, walks on for the rest, or undefined to read
 * them through the title index. Sized from what it found, with the slices' margin, as a slice
 * after a walk is; taken where it reads fewer rows than the index, which reads the type's
 * `typeTitles` (as titleWalkLength weighs the first). "marketing" among services with a referral
 * or affiliate programme: 92 title matches in 1,520 listings, 8 more in about 165.
 */
export function titleWalkAfter(passed: number, found: number, titleWindow: number, typeTitles: number | undefined): number | undefined {
  if (found === 0 || typeTitles === undefined) return undefined;
  const length = Math.ceil(((titleWindow - found) * SLICE_MARGIN * passed) / found);
  return length < typeTitles ? length : undefined;
}

/**
 * Whether a search within a category walks its categories (readCategoryWalk): when its word, or
 * the rarest of its words, is common (COMMON_SHARE) among the listings of the type, by `estimate`
 * of the type as a whole, so that each category's window of matches is likely near its newest
 * listings. A rarer word is read through its index entry, which the category's bitmap narrows
 * ("makeover" in Analytics & Reporting, 222 of 2,873 services); walked, it would read every
 * listing of the category.
 */
export function walksCategories(estimate: MatchEstimate | undefined): boolean {
  return estimate !== undefined && estimate.likely >= COMMON_SHARE * estimate.listings;
}

/**
 * Whether a search within a category walks its categories for the title matches too
 * (readCategoryTitleWalk) rather than reading them through the title index, by the estimate of
 * its whole type (MatchEstimate.titles). The index reads every title match of the type, in every
 * category, before it meets the tree: about `titles` rows. A walk reads a category's listings until
 * its title window is full: about titleWindow / (titles / listings) rows, or the whole category
 * where the words are rarer in its titles. So the walk pays while titles >= sqrt(titleWindow *
 * listings), as readsMatchesOnce reasons for the matches: at 1,000,000 listings "marketing" (about
 * 44,000 services' titles) took 200 ms through the index, "c" (36 % of the titles) 32 ms at 100,000.
 * Several words are taken to have as many title matches as their rarest (titlesAtMost): a walk
 * costs at most the tree's listings, the index a share of the whole type's.
 */
export function walksCategoryTitles(estimate: MatchEstimate | undefined, titleWindow: number): boolean {
  const titles = estimate?.titlesAtMost ?? estimate?.titles;
  return estimate !== undefined && titles !== undefined && titles >= Math.sqrt(titleWindow * estimate.listings);
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
  const matchesFrom = common ? undefined : sliceStart(span, ((window + 1) * SLICE_MARGIN) / likely, likely);
  // Title matches fewer than the window's worth are read whole: a slice cannot hold enough of them.
  const titles = estimate.titles ?? estimate.matches * TITLE_SHARE;
  const titleShare = estimate.titles === undefined ? titleWindow / titles : (titleWindow * TITLE_MARGIN) / titles;
  return { matchesFrom, titlesFrom: matchesFrom ?? sliceStart(span, titleShare, titles) };
}

/**
 * How many title index entries a slice's listing must save, at least, for a title slice to be read
 * by testing its listings' titles (about 1.5 µs each, read from the table) rather than through the
 * title index, which gathers every title a word starts before it meets the slice (about 0.5 µs an
 * entry): "c" gathered 20,335 services' titles at 100,000 listings, 11.4 ms, to keep the 51 of a
 * slice of 253 listings, which testing read in 1.2 ms.
 */
const TITLE_TEST_PAYBACK = 3;

/**
 * Whether the title slice from `from` is read by testing each of its listings' titles
 * (readTitles' `tested`): when the title matches of the whole list, which the title index would
 * gather, outnumber the slice's listings TITLE_TEST_PAYBACK times. Only a slice, and only with an
 * estimate of the title matches (MatchEstimate.titles).
 */
export function testsTitleSlice(span: Pick<Span, 'newest' | 'oldest'>, from: number | undefined, estimate: MatchEstimate | undefined): boolean {
  if (from === undefined || estimate?.titles === undefined || span.newest <= span.oldest) return false;
  const listings = ((span.newest - from) / (span.newest - span.oldest)) * estimate.listings;
  return listings * TITLE_TEST_PAYBACK < estimate.titles;
}

/**
 * The matches' first slice after a walk that fell short (readWalkInHalves), sized from the share
 * of the walked listings that matched: they are the newest, as a slice's are, and what they hold
 * is measured where the estimate could only guess how often the words go together (as if
 * independent, or bounded by the rarest). The whole catalogue when the walk found none:
 * "marketing agency seo crm wordpress design software email", 17 of 56,000 services at 100,000
 * listings, read a slice sized from its rarest word, then the whole catalogue, each statement
 * gathering the eight words' index entries (21 ms apiece).
 */
export function sliceAfterWalk(span: Span, listings: number, found: number, walked: number, window: number): number | undefined {
  if (found === 0 || walked === 0) return undefined;
  const likely = (found / walked) * listings;
  // With the widening's margin: a slice sized for exactly the window fell one match short of it
  // ("supp conversion", 177 of the newest 2,505 services: 500 matches for 501, and a second
  // statement of 22 ms, each gathering the words' whole index entries).
  return sliceStart(span, ((window + 1) * SLICE_MARGIN) / likely, likely);
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
  return sliceStart(span, share * Math.max(2, (needed / found) * SLICE_MARGIN), read / share);
}

/**
 * Whether a search reading the whole catalogue reads its matches once, picking the title matches
 * among them as they are read, rather than walking listings_browse_idx for the window's matches
 * (PostgreSQL's plan for a common word) and reading the title matches apart. A walk stops after
 * about window / share listings (share: of the listings, the matching ones); reading every match
 * costs about as much per row it reads. So one read pays while the rows it reads are no more than
 * window * listings / matches. Without filters it reads the matches: while matches <= sqrt(window
 * * listings). At 100,000 listings "podcast" (2,254 of 56,000 services, all in their titles) was
 * read twice before, "seo" (27,500) is still walked. Under filters (MatchEstimate.inType) it reads
 * the fewer of the words' matches in the whole type, through their index, and the listings the
 * filters keep, through the filters' indexes: "crm" among tools with a full white label, 1,413
 * matches of 5,448 listings, were read once, every one of the 5,448 (28 ms), where a walk finds
 * the window's 501 in about 1,930 (11 ms).
 */
export function readsMatchesOnce(estimate: MatchEstimate | undefined, window: number): boolean {
  if (estimate === undefined) return false;
  const read = estimate.inType === undefined ? estimate.likely : Math.min(estimate.inType, estimate.listings);
  return read * estimate.likely <= window * estimate.listings;
}

/**
 * Testing the words on a listing's row costs about as much as the full-text index gathering this
 * many of its entries: at 100,000 listings, 4,389 services in a price range read through their
 * index and tested in 14 ms (3.2 us a row), the 55,403 entries of "rese:*" gathered in 27 ms
 * (0.5 us an entry).
 */
const ROW_TEST_COST = 6;

/**
 * Whether a read of every match under the listing's own filters reads the listings the filters
 * keep, through the filters' indexes, and tests the words on each row (rowMatch), rather than
 * gather the words' entries from the full-text index and AND them with the filters. The index
 * holds every listing of both types, and gathers every entry of each word: at least the rarest
 * word's matches in the whole table (MatchEstimate.inTable; without it, in the type), however few
 * listings the filters keep. "video rese" among tools rated 4 or more gathered both words'
 * entries, 16,269 tools with both, for the 20 tools so rated (17 ms), which their rows answer in
 * 0.2 ms; "bran prog" gathered 4,624 listings' "prog:*" (3 of them tools) and 50,332 of
 * "bran:*" (15 ms). So the rows are read where testing them costs less than gathering the
 * rarest word's entries alone.
 */
export function readsKeptRows(estimate: MatchEstimate | undefined): boolean {
  return estimate?.inType !== undefined && estimate.listings * ROW_TEST_COST <= (estimate.inTable ?? estimate.inType);
}

/**
 * The words a search asks the full-text index for; the others are tested on each row the index
 * finds (searchMatch). The index gathers every entry of each word it is asked for before it ANDs
 * them, and a word that every listing of the type uses spares no row for its entries: "agen"
 * (agency, agencies, agent, ...) among tools at 100,000 listings, 53,344 uses in 43,739 tools,
 * took 11 of the 25 ms "agen brie" cost. So a word whose uses in the type (TypeUses.inType: of
 * the vocabulary's words it begins, about its index entries) number at least the type's listings
 * is tested on the rows. Leaving out words less common than that was measured on 40 two-word
 * searches of the long tail: for each, gathering its entries cost about as much as reading the
 * rows it spared ("bund branding": 9.3 -> 13.7 ms with "branding", in 61 % of services, left
 * out). The rarest word is always asked for; a stop word (no lexemes), which the query drops,
 * stays with it. The answer is the same either way: only its cost depends on this.
 */
export function wordsThroughIndex(words: SearchWord[], lexemes: readonly (readonly string[])[], uses: readonly number[], listings: number): SearchWord[] {
  const counted = words.map((_, index) => index).filter((index) => (lexemes[index]?.length ?? 0) > 0 && uses[index] !== undefined);
  if (counted.length < 2 || listings <= 0) return words;
  const rarest = counted.reduce((least, index) => (uses[index]! < uses[least]! ? index : least));
  const tested = new Set(counted.filter((index) => index !== rarest && uses[index]! >= listings));
  return tested.size === 0 ? words : words.filter((_, index) => !tested.has(index));
}
