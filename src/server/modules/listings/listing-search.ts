import { type SQL, sql } from 'drizzle-orm';
import { listings } from '../../../db/schema/listings';
import { allowedTypos, typoDistance } from './edit-distance';
import type { NearWord } from './search-words.queries';
import { americanSpelling, otherSpelling } from '../../../shared/search-spelling';

/**
 * Catalogue search (docs/decisions/search.md). Every typed word must match, as a word or the
 * start of one, in the weighted search_vector (title A, tags B, short description C,
 * description D). A word no live listing uses is first corrected against the catalogue's own
 * vocabulary (search_words): "semush" searches for "semrush". Fuzzy matching never widens the
 * query itself, so the full-text index answers every search. A word also matches in its other
 * spelling and a run of words by its synonyms; when nothing has every word, a relaxed search
 * leaves some out (relaxedSearches).
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
 * 120-200 ms at 100,000 listings (docs/decisions/search.md, "What a search matches"). A word followed by another
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
export type SearchWord = {
  typed: string;
  corrections: string[];
  whole?: boolean;
  /** Two catalogue words the typed one may be run together from ("wpengine": wp, engine), matched as a phrase. */
  split?: [string, string];
  /** The catalogue word this word and the next may be typed apart for ("active campaign": activecampaign). */
  joined?: string;
  /** The word in the other of British and American spelling ("optimise": optimize; shared/search-spelling.ts). */
  spelling?: string;
  /**
   * The synonyms of this word and the `span` - 1 words after it, taken together (search_synonyms):
   * each a phrase of words, any of which matches in their place ("ppc": pay per click).
   */
  synonyms?: { span: number; phrases: string[][] };
};

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
    const spelling = otherSpelling(typed);
    return { typed, corrections, whole: last ? lastComplete : whole.has(typed) || typed.length <= SHORT_WORD, ...(spelling === undefined ? {} : { spelling }) };
  });
}

/**
 * The words and phrases of a search that synonyms are looked up by: every run of neighbouring
 * words, in American spelling, joined by a space ("search engine optimisation": "search",
 * "search engine", "search engine optimization", ...).
 */
export function synonymKeys(words: string[]): string[] {
  const american = words.map(americanSpelling);
  return american.flatMap((_, start) => american.slice(start).map((__, end) => american.slice(start, start + end + 1).join(' ')));
}

/**
 * Marks the runs of words that have synonyms (`synonymsOf` a key of synonymKeys: its phrases),
 * from the first word on, the longest run first, never overlapping.
 */
export function withSynonyms(words: SearchWord[], synonymsOf: (key: string) => readonly string[]): SearchWord[] {
  const american = words.map((word) => americanSpelling(word.typed));
  const marked = words.map((word) => ({ ...word }));
  for (let start = 0; start < marked.length; start += 1) {
    // The second of two words typed apart for one goes with the first.
    if (start > 0 && marked[start - 1]!.joined !== undefined && !marked[start - 1]!.synonyms) continue;
    for (let span = marked.length - start; span >= 1; span -= 1) {
      const phrases = synonymsOf(american.slice(start, start + span).join(' '));
      if (phrases.length === 0) continue;
      marked[start]!.synonyms = { span, phrases: phrases.map((phrase) => phrase.split(' ')) };
      // Within the run, the words are matched one by one, beside the synonyms.
      for (const word of marked.slice(start, start + span)) delete word.joined;
      start += span - 1;
      break;
    }
  }
  return marked;
}

/**
 * The parts of a search that each must match (tsQueryText): a word; two words typed apart for one
 * (`joined`); a run of words with synonyms. A relaxed search leaves whole parts out.
 */
export function searchParts(words: SearchWord[]): SearchWord[][] {
  const parts: SearchWord[][] = [];
  for (let index = 0; index < words.length; ) {
    const word = words[index]!;
    const span = word.synonyms ? word.synonyms.span : word.joined !== undefined && index + 1 < words.length ? 2 : 1;
    parts.push(words.slice(index, index + span));
    index += span;
  }
  return parts;
}

/**
 * The searches to try when no listing has every part (docs/decisions/search.md, "Relaxing"), best
 * first: one part left out, then two, down to one part. `uses(part)`: how many uses live listings
 * of the type make of it, or undefined for a part of stop words only, which is never left out. The
 * parts that match nothing go first, then the most used (they tell the least), the later first
 * when equal, as Meilisearch, Typesense and Algolia drop words.
 */
export function relaxedSearches(words: SearchWord[], uses: (part: SearchWord[]) => number | undefined): SearchWord[][] {
  const parts = searchParts(words).map((part, position) => ({ part, position, uses: uses(part) }));
  const droppable = parts.filter((part) => part.uses !== undefined);
  const order = [...droppable].sort((a, b) => Number(b.uses === 0) - Number(a.uses === 0) || b.uses! - a.uses! || b.position - a.position);
  return order.slice(0, -1).map((_, index) => {
    const dropped = new Set(order.slice(0, index + 1).map((part) => part.position));
    return parts.filter((part) => !dropped.has(part.position)).flatMap((part) => part.part);
  });
}

/**
 * Names typed joined or split (docs/decisions/search-names.md): the catalogue word two neighbouring
 * typed words make run together, worth asking the vocabulary for (lookUpWords' `joins`): 4 to 40
 * letters, as the words search corrects to.
 */
export function joinCandidates(words: string[]): string[] {
  return words.slice(1).flatMap((next, index) => {
    const joined = words[index]! + next;
    return joined.length >= 4 && joined.length <= 40 ? [joined] : [];
  });
}

/** A typed word the catalogue does not know, cut into two words it does, and the lesser of their uses. */
export type SplitWord = { typed: string; first: string; second: string; uses: number };

/**
 * Adds to the corrected words the other ways they may have been typed: a word the catalogue does
 * not know that is two catalogue words run together, cut where both are the most used
 * (`splits`), and two neighbouring words that the catalogue uses run together as one (`joined`,
 * the catalogue words among joinCandidates), the first such pair first, never overlapping.
 */
export function expandWords(words: SearchWord[], joined: ReadonlySet<string>, splits: readonly SplitWord[]): SearchWord[] {
  const expanded = words.map((word) => {
    const best = splits
      .filter((split) => split.typed === word.typed)
      .sort((a, b) => b.uses - a.uses || a.first.length - b.first.length)[0];
    return best ? { ...word, split: [best.first, best.second] as [string, string] } : { ...word };
  });
  for (let index = 0; index + 1 < expanded.length; index += 1) {
    const word = expanded[index]!;
    const pair = word.typed + expanded[index + 1]!.typed;
    if (joined.has(pair)) {
      word.joined = pair;
      index += 1;
    }
  }
  return expanded;
}

/**
 * The to_tsquery text of a search: the last word as a prefix ("seo:*"), as it may still be being
 * typed, unless it is complete (a prefix would find nothing more); an earlier word as a word
 * (with its English stems) when it is a whole word of the catalogue, else as a prefix too. As
 * search engines do (Meilisearch: only the last word is a prefix), and because the GIN index
 * answers a word from one entry but a prefix from every word it starts ("market:*": marketing,
 * marketplace, ...): 11 ms against 4 ms for "email marketing retainer" at 100,000 listings
 * (`whole`: see SearchWord). A corrected word matches the typed form or any of its
 * corrections ("(semush:* | semrush)"), all words required; a word typed run together its split
 * as a phrase too ("(wpengine | (wp <-> engine))"), and two words typed apart the one word they
 * make ("((active & campaign) | activecampaign)"). `weight` 'A' restricts every word to
 * the title. Only letters and digits come from the words, so the text is always valid syntax.
 */
export function tsQueryText(words: SearchWord[], weight: '' | 'A' = ''): string {
  const term = (word: string, prefix: boolean) => {
    const suffix = `${prefix ? '*' : ''}${weight}`;
    return suffix ? `${word}:${suffix}` : word;
  };
  // A word of a synonym, in either spelling.
  const synonymWord = (word: string) => {
    const other = otherSpelling(word);
    return other === undefined ? term(word, false) : `(${term(word, false)} | ${term(other, false)})`;
  };
  const alternatives = ({ typed, corrections, whole, split, spelling }: SearchWord) => {
    const typedTerm = term(typed, !whole);
    if (corrections.length === 0 && !split && spelling === undefined) return typedTerm;
    const phrase = split ? [`(${term(split[0], false)} <-> ${term(split[1], false)})`] : [];
    const other = spelling === undefined ? [] : [term(spelling, !whole)];
    return `(${[typedTerm, ...other, ...corrections.map((word) => term(word, false)), ...phrase].join(' | ')})`;
  };
  return searchParts(words)
    .map((part) => {
      const [word, next] = part;
      if (word!.synonyms) {
        const own = part.length === 1 ? alternatives(word!) : `(${part.map(alternatives).join(' & ')})`;
        const phrases = word!.synonyms.phrases.map((phrase) => (phrase.length === 1 ? synonymWord(phrase[0]!) : `(${phrase.map(synonymWord).join(' <-> ')})`));
        return `(${[own, ...phrases].join(' | ')})`;
      }
      // Both words, or the one word they make, ended as the second word is (a prefix while typed).
      // Not "(a | ab) & (b | ab)": a stop word drops out of to_tsquery, leaving "ab" required.
      if (next) return `((${alternatives(word!)} & ${alternatives(next)}) | ${term(word!.joined!, !next.whole)})`;
      return alternatives(word!);
    })
    .join(' & ');
}

const tsQuery = (text: string) => sql`to_tsquery('english', ${text})`;
/**
 * The same query as a value computed once per statement (an InitPlan), for the rank evaluated on
 * each row: a function call there is made again for every row, and parsing and stemming the
 * query twice a row was half of what ranking "analytics team" among tools cost. Only in the
 * SELECT list: in a WHERE the planner could neither estimate it nor use an index by it.
 */
const tsQueryOnce = (text: string) => sql`(select ${tsQuery(text)})`;

/** Listings where every word matches somewhere (title, tags, descriptions): the full-text indexes. */
export const searchMatch = (words: SearchWord[]): SQL => sql`${listings.searchVector} @@ ${tsQuery(tsQueryText(words))}`;

/**
 * The words without their synonyms, for the title matches and the rank: a synonym widens what
 * matches, not how it ranks (ts_rank weighs every alternative of an OR, phrases as loose words).
 */
const typedOnly = (words: SearchWord[]): SearchWord[] =>
  words.map((word) => {
    const plain = { ...word };
    delete plain.synonyms;
    return plain;
  });

/**
 * Listings whose title alone has every word: the title's own words (search_text_vector, migration
 * 0017: the title and the other forms of its names, the search vector's weight A), which the
 * partial title indexes listings_live_{type}_title_idx answer.
 */
export const titleMatch = (words: SearchWord[]): SQL => sql`search_text_vector(${listings.title}) @@ ${tsQuery(tsQueryText(typedOnly(words)))}`;

/**
 * Relevance, higher first: 1 when the title alone has every word, so such a listing ranks above
 * any partial title match, plus ts_rank, which weighs a title hit (~0.06) above a tag (~0.024),
 * a short description (~0.012) and a description (~0.006).
 */
export const searchRank = (words: SearchWord[]): SQL => sql`((${titleHasWords(words)})::int + ts_rank(${listings.searchVector}, ${tsQueryOnce(tsQueryText(typedOnly(words)))}))`;

/** Whether a row read has every word in its title: its search vector's weight A, for the SELECT list (titleMatch finds such rows). */
export const titleHasWords = (words: SearchWord[]): SQL => sql`${listings.searchVector} @@ ${tsQueryOnce(tsQueryText(typedOnly(words), 'A'))}`;

/** The query texts of relaxed searches (relaxedSearches), as one bound array. */
export const tsQueryTexts = (searches: SearchWord[][]): SQL => sql`${`{${searches.map((words) => `"${tsQueryText(words)}"`).join(',')}}`}::text[]`;
