import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { ListingType } from '../../../shared/types';
import type { SplitWord } from './listing-search';

/** How many of the nearest words (by trigrams) are weighed for each misspelt word. */
const NEAREST = 30;
/** A second, smaller look-up with the first two letters swapped: trigrams alone miss "lsack" for "slack". */
const NEAREST_SWAPPED = 10;

export type NearWord = { typed: string; word: string; uses: number };

/**
 * A search's words as the catalogue knows them: near words of the misspelt, the whole words,
 * whether the last word is complete, and the lexemes of the words asked for them (lookUpWords).
 */
export type CatalogueWords = {
  near: NearWord[];
  whole: Set<string>;
  complete: boolean;
  lexemes: string[][];
  /** The joins asked for that are catalogue words (absent when none were asked). */
  joined?: Set<string>;
  /** The misspelt words' splits into two catalogue words (absent when no statement was sent). */
  splits?: SplitWord[];
};

/**
 * The vocabulary holds words of 4 to 40 letters (migration 0006), so only for a stem of 4 letters
 * or more does it hold every word that could begin with it.
 */
const COMPLETE_FROM = 4;

/**
 * Each word's lexemes as the English configuration makes them (lookUpWords' `lexemes`): a function
 * of the word alone, so a server keeps them once asked, for up to MAX_KNOWN_WORDS words (then it
 * forgets them all and learns again). A search that needs nothing else of the look-up, one word of
 * three letters or fewer ("seo", "crm", or the first letters of a word being typed), then sends no
 * statement for it. The configuration is PostgreSQL's built-in 'english': a change to its
 * dictionaries is seen after the servers restart.
 */
const knownLexemes = new Map<string, string[]>();
const MAX_KNOWN_WORDS = 10_000;

function rememberLexemes(words: string[], lexemes: string[][]) {
  if (knownLexemes.size + words.length > MAX_KNOWN_WORDS) knownLexemes.clear();
  words.forEach((word, index) => knownLexemes.set(word, lexemes[index] ?? []));
}

const textArray = (words: string[]) => sql`array[${sql.join(
  words.map((word) => sql`${word}`),
  sql`, `,
)}]::text[]`;

/**
 * Three look-ups in search_words, and the words' lexemes, in one round trip (a search waits for
 * them before it reads), by the function search_words_look_up (migrations 0014, 0017):
 *
 * - near: for each of `misspelt` that no live listing of the type uses, as a word or the start of
 *   one, the catalogue words nearest to it by trigram distance (GiST index on search_words), with
 *   how many live listings use them. Words that need no correction get no rows.
 * - whole: which of `earlier` live listings of the type use as whole words (the primary key).
 * - complete: whether `last` is complete: its English stem ("retainer": retain) has 4 letters or
 *   more and begins no word of live listings of the type but its own forms (retained, retainers;
 *   not "retainership"). Then matching the stem as a word finds what matching it as a prefix
 *   would, and the full-text index answers a word from its one entry, a prefix by gathering every
 *   entry it starts into a bitmap: at 1,000,000 listings 8 ms instead of 17.6 ms for "email
 *   marketing retainer", 7 instead of 16 for "makeover" (docs/decisions/search.md, "What a search matches").
 * - lexemes: for each of `stemmed`, the lexemes the English configuration makes of it (none for a
 *   stop word), which the search's estimate looks up in the planner's statistics.
 * - joined: which of `joins` (neighbouring typed words run together, joinCandidates) live listings
 *   of the type use; splits: each of `misspelt` that no live listing uses, as a word or the start
 *   of one, cut into two words that live listings use (docs/decisions/search-names.md).
 */
export async function lookUpWords(
  db: Executor,
  type: ListingType,
  misspelt: string[],
  earlier: string[],
  last?: string,
  stemmed: string[] = [],
  joins: string[] = [],
): Promise<CatalogueWords> {
  const askLast = last !== undefined && last.length >= COMPLETE_FROM;
  if (misspelt.length === 0 && earlier.length === 0 && joins.length === 0 && !askLast && stemmed.every((word) => knownLexemes.has(word))) {
    return { near: [], whole: new Set(), complete: false, lexemes: stemmed.map((word) => knownLexemes.get(word)!) };
  }
  // The statement is a function (migration 0014), so that PostgreSQL plans it once per connection.
  const result = await db.execute(sql`
    select near, whole, complete, lexemes, joined, splits from search_words_look_up(${type}, ${textArray(misspelt)}, ${textArray(earlier)},
      ${askLast ? last : null}::text, ${textArray(stemmed)}, ${textArray(joins)}, ${NEAREST}::integer, ${NEAREST_SWAPPED}::integer, ${COMPLETE_FROM}::integer)`);
  type Row = { near: [string, string, number][]; whole: string[]; complete: boolean; lexemes: string[][]; joined: string[]; splits: [string, string, string, number][] };
  // Both drivers answer raw SQL with { rows }, json already parsed; the shared Database type cannot say so.
  const [row] = (result as unknown as { rows: Row[] }).rows;
  if (row && row.lexemes.length === stemmed.length) rememberLexemes(stemmed, row.lexemes);
  return {
    lexemes: row?.lexemes ?? [],
    near: (row?.near ?? []).map(([typed, word, uses]) => ({ typed, word, uses: Number(uses) })),
    whole: new Set(row?.whole ?? []),
    complete: row?.complete === true,
    joined: new Set(row?.joined ?? []),
    splits: (row?.splits ?? []).map(([typed, first, second, uses]) => ({ typed, first, second, uses: Number(uses) })),
  };
}
