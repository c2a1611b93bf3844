import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { ListingType } from '../../../shared/types';
import { KEPT_MS } from './kept-a-minute';
import type { SplitWord } from './listing-search';

/** How many of the nearest words (by trigrams) are weighed for each misspelt word. */
const NEAREST = 30;
/** A second, smaller look-up with the first two letters swapped: trigrams alone miss "lsack" for "slack". */
const NEAREST_SWAPPED = 10;

export type NearWord = { typed: string; word: string; uses: number };

/**
 * How many uses live listings of the searched type, and of every type, make of the vocabulary's
 * words that begin with a typed word or its first lexeme: a word's share of its uses in the type.
 */
export type TypeUses = { inType: number; everywhere: number };

/**
 * A search's words as the catalogue knows them: near words of the misspelt, the whole words,
 * whether the last word is complete, and the lexemes of the words asked for them (lookUpWords).
 */
export type CatalogueWords = {
  near: NearWord[];
  whole: Set<string>;
  complete: boolean;
  lexemes: string[][];
  /** For each of the words asked for lexemes, how their uses divide between the types (TypeUses). */
  uses: TypeUses[];
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
 * Each word's lexemes as the English configuration makes them (lookUpWords' `lexemes`), and how its
 * uses divide between the types: a server keeps them, for up to MAX_KNOWN_WORDS words (then it
 * forgets them all and learns again). A search that needs nothing else of the look-up, one word of
 * three letters or fewer ("seo", "crm", or the first letters of a word being typed), then sends no
 * statement for it. The lexemes are a function of the word alone (PostgreSQL's built-in 'english'
 * configuration: a change to its dictionaries is seen after the servers restart); the uses change
 * with the catalogue and only size a search's reads, so they are asked again after KEPT_MS, as the
 * planner's statistics are (kept-a-minute.ts).
 */
type KnownWord = { lexemes: string[]; uses: Record<ListingType, TypeUses>; at: number };
const knownWords = new Map<string, KnownWord>();
const MAX_KNOWN_WORDS = 10_000;

function known(type: ListingType, word: string, now: number): { lexemes: string[]; uses: TypeUses } | undefined {
  const kept = knownWords.get(word);
  return kept && now - kept.at < KEPT_MS ? { lexemes: kept.lexemes, uses: kept.uses[type] } : undefined;
}

function remember(type: ListingType, words: string[], lexemes: string[][], uses: TypeUses[], now: number) {
  if (knownWords.size + words.length > MAX_KNOWN_WORDS) knownWords.clear();
  words.forEach((word, index) => {
    const { inType, everywhere } = uses[index] ?? { inType: 0, everywhere: 0 };
    const other = { inType: everywhere - inType, everywhere };
    const byType = type === 'tools' ? { tools: { inType, everywhere }, services: other } : { services: { inType, everywhere }, tools: other };
    knownWords.set(word, { lexemes: lexemes[index] ?? [], uses: byType, at: now });
  });
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
 *   stop word), which the search's estimate looks up in the planner's statistics; uses: how the
 *   uses of the vocabulary's words that begin with it divide between the types (TypeUses), which
 *   scale that estimate to the type (search-statistics.ts).
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
  const now = Date.now();
  const kept = stemmed.map((word) => known(type, word, now));
  if (misspelt.length === 0 && earlier.length === 0 && joins.length === 0 && !askLast && kept.every((word) => word !== undefined)) {
    return { near: [], whole: new Set(), complete: false, lexemes: kept.map((word) => word!.lexemes), uses: kept.map((word) => word!.uses) };
  }
  // The statement is a function (migration 0014), so that PostgreSQL plans it once per connection.
  const result = await db.execute(sql`
    select near, whole, complete, lexemes, joined, splits, uses from search_words_look_up(${type}, ${textArray(misspelt)}, ${textArray(earlier)},
      ${askLast ? last : null}::text, ${textArray(stemmed)}, ${textArray(joins)}, ${NEAREST}::integer, ${NEAREST_SWAPPED}::integer, ${COMPLETE_FROM}::integer)`);
  type Row = { near: [string, string, number][]; whole: string[]; complete: boolean; lexemes: string[][]; joined: string[]; splits: [string, string, string, number][]; uses: [number, number][] };
  // Both drivers answer raw SQL with { rows }, json already parsed; the shared Database type cannot say so.
  const [row] = (result as unknown as { rows: Row[] }).rows;
  const uses = (row?.uses ?? []).map(([inType, everywhere]) => ({ inType: Number(inType), everywhere: Number(everywhere) }));
  if (row && row.lexemes.length === stemmed.length && uses.length === stemmed.length) remember(type, stemmed, row.lexemes, uses, now);
  return {
    lexemes: row?.lexemes ?? [],
    uses,
    near: (row?.near ?? []).map(([typed, word, uses]) => ({ typed, word, uses: Number(uses) })),
    whole: new Set(row?.whole ?? []),
    complete: row?.complete === true,
    joined: new Set(row?.joined ?? []),
    splits: (row?.splits ?? []).map(([typed, first, second, uses]) => ({ typed, first, second, uses: Number(uses) })),
  };
}
