import type { SearchWord } from './listing-search';
import { boundByEachWord, type MatchEstimate } from './search-slices';
import type { NearWord, TypeUses } from './search-words.queries';

/**
 * A search's match estimate computed in the server from the statistics ANALYZE keeps, with the
 * formulas PostgreSQL's planner applies to them (docs/decisions/search.md, "T comes from an
 * estimate"). Asking the planner instead (EXPLAIN) cost each search a planning of its own: about
 * 0.5 ms of the database's CPU under load, an eighth of a search. A filtered search narrows this
 * estimate by a sample of listings (filter-sample.ts).
 */

/** What ANALYZE keeps of the listings table that a search's estimate reads (pg_class, pg_stats). */
export type SearchStatistics = {
  /** The rows the planner assumes the table holds (reltuples, scaled to its pages now). */
  rows: number;
  /** The share of rows holding each of the most common values of a column. */
  common: { type: ReadonlyMap<string, number>; status: ReadonlyMap<string, number> };
  /** search_vector's most common lexemes, undefined when ANALYZE kept none. */
  lexemes?: LexemeStatistics;
  /**
   * The most common lexemes of the live listings' titles, by type: ANALYZE keeps them for the
   * expression of each partial title index (listings_live_{type}_title_idx). The planner ignores
   * a partial index's statistics; a title slice is sized from them (titleMatches).
   */
  titles: ReadonlyMap<string, LexemeStatistics>;
};

/** The most common lexemes of search_vector, each with the share of rows holding it. */
export type LexemeStatistics = {
  shares: ReadonlyMap<string, number>;
  /** The least share among them (ANALYZE keeps it beside the shares). */
  least: number;
};

/** The planner's share for a lexeme it knows nothing of, and for a match without statistics (DEFAULT_TS_MATCH_SEL). */
const DEFAULT_MATCH_SHARE = 0.005;
/** Fewer most common lexemes than this, and the planner does not extrapolate a prefix from them. */
const FEW_LEXEMES = 100;

const probability = (share: number) => Math.min(1, Math.max(0, share));

/**
 * The share of rows whose search_vector holds `lexeme` (or, for a prefix, a lexeme starting with
 * it), as ts_selfuncs.c estimates it: a listed lexeme's own share, half the least listed share for
 * any other (at most DEFAULT_MATCH_SHARE); a prefix from the listed lexemes it starts, extrapolated
 * to the unlisted ones in the same proportion, never below an unlisted lexeme's.
 */
export function lexemeShare(lexemes: LexemeStatistics | undefined, lexeme: string, prefix: boolean): number {
  if (!lexemes) return prefix ? DEFAULT_MATCH_SHARE * 4 : DEFAULT_MATCH_SHARE;
  const unlisted = Math.min(DEFAULT_MATCH_SHARE, lexemes.least / 2);
  if (!prefix) return lexemes.shares.get(lexeme) ?? unlisted;
  if (lexemes.shares.size < FEW_LEXEMES) return DEFAULT_MATCH_SHARE * 4;
  // Shares of lexemes are not exclusive: they combine as independent events.
  let matched = 0;
  let all = 0;
  let started = 0;
  for (const [listed, share] of lexemes.shares) {
    if (listed.startsWith(lexeme)) {
      matched += share - matched * share;
      started += 1;
    }
    all += share - all * share;
  }
  return probability(Math.max(unlisted, probability(matched) + (1 - probability(all)) * (started / lexemes.shares.size)));
}

/**
 * The share of live listings whose titles hold every word: each word's from the most common
 * title lexemes it is or starts (combined as independent events, as the planner combines them);
 * none listed, at most half the least listed share. Low rather than high for a prefix or for
 * words that go together, which makes a title slice a little wide rather than too narrow.
 */
function titleShare(titles: LexemeStatistics, words: readonly QueriedWord[]): number {
  const lexemeShare = (lexeme: string, prefix: boolean) => {
    let matched = 0;
    for (const [listed, share] of titles.shares) if (prefix ? listed.startsWith(lexeme) : listed === lexeme) matched += share - matched * share;
    return matched > 0 ? probability(matched) : titles.least / 2;
  };
  return words.reduce((all, { lexemes, prefix }) => lexemes.reduce((share, lexeme) => share * lexemeShare(lexeme, prefix), all), 1);
}


/**
 * A typed word as the estimate takes it: its lexemes as the English configuration makes them (none
 * for a stop word, which the query drops), whether it matches as a prefix, and, when the
 * vocabulary knows it, the share of its uses that are the searched type's (TypeUses).
 */
export type QueriedWord = {
  lexemes: readonly string[];
  prefix: boolean;
  inType?: number;
  /**
   * A misspelt word's matches in the type: how many of its live listings use its corrections
   * (NearWord.uses). The statistics know nothing of a misspelling ("hubpsot" would be estimated at
   * a handful, "hubspot" matches thousands), and the word as typed begins no word of the type.
   */
  corrected?: number;
};

/**
 * Each typed word's lexemes and uses (lookUpWords), matched as the words as typed are
 * (SearchWord.whole); `corrections`, the same words corrected (correctWords), with the near words
 * their corrections were picked from.
 */
export function queriedWords(
  lexemes: readonly (readonly string[])[],
  words: readonly SearchWord[],
  uses: readonly TypeUses[] = [],
  corrections?: { words: readonly SearchWord[]; near: readonly NearWord[] },
): QueriedWord[] {
  return lexemes.map((wordLexemes, index) => {
    const wordUses = uses[index];
    const inType = wordUses && wordUses.everywhere > 0 ? wordUses.inType / wordUses.everywhere : undefined;
    const corrected = corrections?.words[index]?.corrections;
    const correctedUses = corrected?.length
      ? corrected.reduce((sum, word) => sum + (corrections!.near.find((near) => near.typed === words[index]?.typed && near.word === word)?.uses ?? 0), 0)
      : undefined;
    return { lexemes: wordLexemes, prefix: words[index]?.whole !== true, ...(inType === undefined ? {} : { inType }), ...(correctedUses === undefined ? {} : { corrected: correctedUses }) };
  });
}

/** The planner's rows: at least one, whole (clamp_row_est). */
const clampRows = (rows: number) => (rows <= 1 ? 1 : Math.round(rows));

/**
 * The estimate of a visitor's search of listings of one type and status, filtered by nothing else,
 * as the planner would have it (test/planner-estimate.ts), of the typed words (queriedWords). Undefined
 * when the statistics do not say how many listings have the type and status.
 */
export function estimateFromStatistics(statistics: SearchStatistics, live: { type: string; status: string }, words: readonly QueriedWord[]): MatchEstimate | undefined {
  const typeShare = statistics.common.type.get(live.type);
  const statusShare = statistics.common.status.get(live.status);
  if (typeShare === undefined || statusShare === undefined) return undefined;
  const listings = statistics.rows * typeShare * statusShare;
  // The statistics count a lexeme over both types; the vocabulary, of live listings, says how its
  // uses divide between them. Taken as independent of the type, "testing" was estimated at 17,977
  // of 555,778 services at 1,000,000 listings, where 3 use it (31,760 tools do), and PostgreSQL
  // walked every service for it (2.1 s); "partner", in every tool and no service, the same.
  const ofType = (word: QueriedWord) => (live.status === 'approved' && word.inType !== undefined ? word.inType / typeShare : 1);
  const corrected = (word: QueriedWord) => live.status === 'approved' && word.corrected !== undefined;
  // The share of every listing holding the word, as the statistics count it over both types.
  const tableShare = (word: QueriedWord) => word.lexemes.reduce((share, lexeme) => probability(share * lexemeShare(statistics.lexemes, lexeme, word.prefix)), 1);
  const wordShare = (word: QueriedWord) => (corrected(word) ? probability(word.corrected! / listings) : probability(tableShare(word) * ofType(word)));
  // A stop word has no lexeme: the query drops it, so it bounds nothing (the planner, asked for
  // it alone, answers one row: "the seo" would have been taken to match at most 1.5 listings).
  const queried = words.filter(({ lexemes }) => lexemes.length > 0);
  // A query left with no lexeme at all matches nothing.
  const share = queried.length === 0 ? 0 : queried.reduce((all, word) => probability(all * wordShare(word)), 1);
  const matches = clampRows(listings * share);
  const titles = live.status === 'approved' ? statistics.titles.get(live.type) : undefined;
  return {
    matches,
    ...boundByEachWord(matches, queried.map((word) => clampRows(listings * wordShare(word)))),
    listings: clampRows(listings),
    table: clampRows(statistics.rows),
    // A correction's uses are counted in the type alone: no more is known of it.
    ...(queried.length > 0 ? { inTable: Math.min(...queried.map((word) => clampRows(corrected(word) ? listings * wordShare(word) : statistics.rows * tableShare(word)))) } : {}),
    ...(titles && queried.length > 0 ? { titles: clampRows(listings * titleShare(titles, queried)) } : {}),
    ...(titles && queried.length > 1 ? { titlesAtMost: clampRows(listings * Math.min(...queried.map((word) => titleShare(titles, [word])))) } : {}),
  };
}
