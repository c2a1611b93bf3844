import { type SQL, sql } from 'drizzle-orm';
import { listings } from '../../../db/schema/listings';
import { allowedTypos, typoDistance } from './edit-distance';
import type { NearWord } from './search-words.queries';

/**
 * Catalogue search (docs/decisions/search.md). Every typed word must match, as a word or the
 * start of one, in the weighted search_vector (title A, tags B, short description C,
 * description D). A word no live listing uses is first corrected against the catalogue's own
 * vocabulary (search_words): "semush" searches for "semrush". Fuzzy matching never widens the
 * query itself, so the full-text index answers every search.
 */

/** Enough words for any real query; more would only make the tsquery slower to evaluate. */
const MAX_WORDS = 8;
/** At most this many equally close corrections of one word are searched for together. */
const MAX_CORRECTIONS = 3;
/**
 * A word before the last of at most this many letters always matches as a word. The vocabulary
 * cannot say whether it is whole (it holds words of 4 letters or more), and as a prefix it matched
 * every word it starts: "pr agency" found product, pricing and process agencies, "ai tools" aim
 * and air, and "a b c d e f g h", eight letters each gathering hundreds of index entries, took
 * 120-200 ms at 100,000 listings (docs/decisions/search.md, "Words"). A word followed by another
 * has been typed to its end; the last one stays a prefix while it is being typed.
 */
const SHORT_WORD = 2;

const WORD = /^[\p{L}\p{N}]+$/u;

/**
 * Reduces whatever was typed to plain words (lowercased runs of letters and digits, any script).
 * User text never reaches to_tsquery as syntax: its operators (& | ! : * ( ) <->) and quotes are
 * dropped here, and what is built from the words is sent as a bound value.
 */
export function parseSearch(input: string): string[] {
  return (input.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/**
 * A typed word and the catalogue words it was corrected to (none when it is found as it is).
 * `whole`: the typed word matches as a word (with its English forms), not as a prefix: a word
 * before the last that is itself a word of the catalogue (search_words) or of at most two letters,
 * or a last word that is complete (lookUpWords), which no catalogue word extends.
 */
export type SearchWord = { typed: string; corrections: string[]; whole?: boolean };

/**
 * Picks each word's corrections among its near words: those within the typos its length allows
 * (allowedTypos), only the closest ones, the most used first. A word with no near word that close
 * stays uncorrected (and matches what it matches, maybe nothing).
 */
export function correctWords(words: string[], near: NearWord[], whole: ReadonlySet<string> = new Set(), lastComplete = false): SearchWord[] {
  return words.map((typed, index) => {
    const allowed = allowedTypos(typed);
    const candidates = near
      .filter((candidate) => candidate.typed === typed && WORD.test(candidate.word))
      .map((candidate) => ({ ...candidate, distance: typoDistance(typed, candidate.word) }))
      .filter((candidate) => candidate.distance <= allowed);
    const closest = Math.min(...candidates.map((candidate) => candidate.distance));
    const corrections = candidates
      .filter((candidate) => candidate.distance === closest)
      .sort((a, b) => b.uses - a.uses || a.word.localeCompare(b.word))
      .slice(0, MAX_CORRECTIONS)
      .map((candidate) => candidate.word);
    const last = index === words.length - 1;
    return { typed, corrections, whole: last ? lastComplete : whole.has(typed) || typed.length <= SHORT_WORD };
  });
}

/**
 * The to_tsquery text of a search: the last word as a prefix ("seo:*"), as it may still be being
 * typed, unless it is complete (a prefix would find nothing more); an earlier word as a word
 * (with its English stems) when it is a whole word of the catalogue, else as a prefix too. As
 * search engines do (Meilisearch: only the last word is a prefix), and because the GIN index
 * answers a word from one entry but a prefix from every word it starts ("market:*": marketing,
 * marketplace, ...): 11 ms against 4 ms for "email marketing retainer" at 100,000 listings
 * (`whole`: see SearchWord). A corrected word matches the typed form or any of its
 * corrections ("(semush:* | semrush)"), all words required. `weight` 'A' restricts every word to
 * the title. Only letters and digits come from the words, so the text is always valid syntax.
 */
export function tsQueryText(words: SearchWord[], weight: '' | 'A' = ''): string {
  const term = (word: string, prefix: boolean) => {
    const suffix = `${prefix ? '*' : ''}${weight}`;
    return suffix ? `${word}:${suffix}` : word;
  };
  return words
    .map(({ typed, corrections, whole }) => {
      const typedTerm = term(typed, !whole);
      if (corrections.length === 0) return typedTerm;
      return `(${[typedTerm, ...corrections.map((word) => term(word, false))].join(' | ')})`;
    })
    .join(' & ');
}

const tsQuery = (text: string) => sql`to_tsquery('english', ${text})`;

/** Listings where every word matches somewhere (title, tags, descriptions): listings_search_vector_idx. */
export const searchMatch = (words: SearchWord[]): SQL => sql`${listings.searchVector} @@ ${tsQuery(tsQueryText(words))}`;

/** Listings whose title alone has every word: listings_title_vector_idx, the same expression. */
export const titleMatch = (words: SearchWord[]): SQL => sql`to_tsvector('english', ${listings.title}) @@ ${tsQuery(tsQueryText(words))}`;

/**
 * The same listings as titleMatch, told from a row's search_vector, whose weight A is its title:
 * for rows already read, without parsing the title again.
 */
export const titleWeightMatch = (words: SearchWord[]): SQL => sql`${listings.searchVector} @@ ${tsQuery(tsQueryText(words, 'A'))}`;

/**
 * Relevance, higher first: 1 when the title alone has every word, so such a listing ranks above
 * any partial title match, plus ts_rank, which weighs a title hit (~0.06) above a tag (~0.024),
 * a short description (~0.012) and a description (~0.006).
 */
export const searchRank = (words: SearchWord[]): SQL =>
  sql`((${titleWeightMatch(words)})::int + ts_rank(${listings.searchVector}, ${tsQuery(tsQueryText(words))}))`;
