import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { ListingType } from '../../../shared/types';
import { searchSynonyms } from '../../../db/schema/search-synonyms';
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
  /** The joins asked for that are catalogue words. */
  joined: Set<string>;
  /** The misspelt words' splits into two catalogue words. */
  splits: SplitWord[];
  /** The synonyms of each key asked for that has any (search_synonyms), each a phrase of words one space apart. */
  synonyms: Map<string, string[]>;
};

/**
 * The vocabulary holds words of 4 to 40 letters (migration 0006), so only for a stem of 4 letters
 * or more does it hold every word that could begin with it.
 */
const COMPLETE_FROM = 4;

/**
 * What the vocabulary says of each word a search has asked about, by type: its near words and
 * splits when misspelt, whether it is whole, whether it is complete as a last word, its lexemes
 * and its uses (lookUpWords). Each is a function of the word and of the live listings' words, so a
 * server keeps them and a search whose words it knows sends no statement for them: two thirds of
 * the long tail's searches sent one (0.7-0.9 ms of the database's time each at 100,000 listings).
 * They are forgotten on every write to listings that any server commits (forgetCatalogueWords,
 * told by the notifications the read cache hears), and in any case after KEPT_MS, in case a
 * notification was missed while the connection that hears them was down.
 */
type WordFacts = { near?: NearWord[]; splits?: SplitWord[]; whole?: boolean; complete?: boolean; lexemes?: string[]; uses?: TypeUses; synonyms?: string[]; at: number };
type KnownWords = { facts: Map<string, WordFacts>; generation: number };
const knownByDatabase = new WeakMap<Executor, KnownWords>();
/** A bound on the words kept; past it they are all forgotten and learnt again. */
const MAX_KNOWN_WORDS = 20_000;

function knownWords(db: Executor): KnownWords {
  let known = knownByDatabase.get(db);
  if (!known) {
    known = { facts: new Map(), generation: 0 };
    knownByDatabase.set(db, known);
  }
  return known;
}

/** A listing or a synonym was written: what the vocabulary said of any word may have changed. */
export function forgetCatalogueWords(db: Executor): void {
  const known = knownByDatabase.get(db);
  if (!known) return;
  known.facts.clear();
  known.generation += 1;
}

const textArray = (words: string[]) => sql`array[${sql.join(
  words.map((word) => sql`${word}`),
  sql`, `,
)}]::text[]`;

/**
 * What search_words says of a search's words, from what this server knows of them (knownWords)
 * and, for the words it does not know yet, one statement of the function search_words_look_up
 * (migrations 0014, 0017, 0028) (a search waits for it before it reads):
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
 *   of the type use, asked as whole words; splits: each of `misspelt` that no live listing uses,
 *   as a word or the start of one, cut into two words that live listings use
 *   (docs/decisions/search-names.md).
 * - synonyms: for each of `synonymKeys` (runs of typed words, synonymKeys), the terms that
 *   search_synonyms gives it (the same statement, not the function).
 */
export async function lookUpWords(
  db: Executor,
  type: ListingType,
  misspelt: string[],
  earlier: string[],
  last?: string,
  stemmed: string[] = [],
  joins: string[] = [],
  synonymKeys: string[] = [],
): Promise<CatalogueWords> {
  const known = knownWords(db);
  const now = Date.now();
  const facts = (word: string) => {
    const kept = known.facts.get(`${type}:${word}`);
    return kept && now - kept.at < KEPT_MS ? kept : undefined;
  };
  const askLast = last !== undefined && last.length >= COMPLETE_FROM;
  // What is not known yet. A join is a catalogue word when it is a whole one: both need 4 letters or more.
  const ask = {
    misspelt: misspelt.filter((word) => facts(word)?.near === undefined),
    whole: [...new Set([...earlier, ...joins])].filter((word) => facts(word)?.whole === undefined),
    last: askLast && facts(last)?.complete === undefined ? last : undefined,
    stemmed: stemmed.filter((word) => facts(word)?.lexemes === undefined || facts(word)?.uses === undefined),
    synonyms: synonymKeys.filter((key) => facts(key)?.synonyms === undefined),
  };
  if (ask.misspelt.length + ask.whole.length + ask.stemmed.length + ask.synonyms.length > 0 || ask.last !== undefined) {
    const generation = known.generation;
    const answer = await askVocabulary(db, type, ask);
    // Asked before a write was heard, the answer may predate it: used, not kept.
    if (generation === known.generation) {
      if (known.facts.size > MAX_KNOWN_WORDS) known.facts.clear();
      for (const [word, learnt] of answer) known.facts.set(`${type}:${word}`, { ...facts(word), ...learnt, at: facts(word)?.at ?? now });
    }
    const fact = (word: string) => ({ ...facts(word), ...answer.get(word) });
    return wordsFrom(fact, { misspelt, earlier, last: askLast ? last : undefined, stemmed, joins, synonymKeys });
  }
  return wordsFrom((word) => facts(word) ?? {}, { misspelt, earlier, last: askLast ? last : undefined, stemmed, joins, synonymKeys });
}

type Asked = { misspelt: string[]; whole: string[]; last?: string; stemmed: string[]; synonyms: string[] };
type Learnt = Omit<WordFacts, 'at'>;

/**
 * One statement of search_words_look_up for the words not known yet: what it says of each. In the
 * same statement, the synonyms of the keys asked (synonymKeys): the terms of a one-way row from the
 * key, and the other terms of a group of equivalents that holds it.
 */
async function askVocabulary(db: Executor, type: ListingType, ask: Asked): Promise<Map<string, Learnt>> {
  // The statement is a function (migration 0014), so that PostgreSQL plans it once per connection.
  const result = await db.execute(sql`
    select near, whole, complete, lexemes, splits, uses,
      (select coalesce(json_agg(distinct jsonb_build_array(k.key, t.term)), '[]') from unnest(${textArray(ask.synonyms)}) as k(key)
        join ${searchSynonyms} on ${searchSynonyms.fromTerm} = k.key or (${searchSynonyms.fromTerm} is null and ${searchSynonyms.terms} @> array[k.key])
        cross join lateral unnest(${searchSynonyms.terms}) as t(term) where t.term <> k.key) as synonyms
    from search_words_look_up(${type}, ${textArray(ask.misspelt)}, ${textArray(ask.whole)},
      ${ask.last ?? null}::text, ${textArray(ask.stemmed)}, ${NEAREST}::integer, ${NEAREST_SWAPPED}::integer, ${COMPLETE_FROM}::integer)`);
  type Row = {
    near: [string, string, number][];
    whole: string[];
    complete: boolean;
    lexemes: string[][];
    splits: [string, string, string, number][];
    uses: [number, number][];
    synonyms: [string, string][];
  };
  // Both drivers answer raw SQL with { rows }, json already parsed; the shared Database type cannot say so.
  const [row] = (result as unknown as { rows: Row[] }).rows;
  const learnt = new Map<string, Learnt>();
  const learn = (word: string, facts: Learnt) => learnt.set(word, { ...learnt.get(word), ...facts });
  if (!row) return learnt;
  const near = row.near.map(([typed, word, uses]) => ({ typed, word, uses: Number(uses) }));
  const splits = row.splits.map(([typed, first, second, uses]) => ({ typed, first, second, uses: Number(uses) }));
  for (const word of ask.misspelt) learn(word, { near: near.filter((n) => n.typed === word), splits: splits.filter((split) => split.typed === word) });
  for (const word of ask.whole) learn(word, { whole: row.whole.includes(word) });
  for (const key of ask.synonyms) learn(key, { synonyms: row.synonyms.filter(([of]) => of === key).map(([, term]) => term).sort() });
  if (ask.last !== undefined) learn(ask.last, { complete: row.complete === true });
  if (row.lexemes.length === ask.stemmed.length && row.uses.length === ask.stemmed.length) {
    ask.stemmed.forEach((word, index) => {
      const [inType, everywhere] = row.uses[index]!;
      learn(word, { lexemes: row.lexemes[index]!, uses: { inType: Number(inType), everywhere: Number(everywhere) } });
    });
  }
  return learnt;
}

/** A search's words as the catalogue knows them, from what is known of each (`facts`). */
function wordsFrom(
  facts: (word: string) => Learnt,
  words: { misspelt: string[]; earlier: string[]; last?: string; stemmed: string[]; joins: string[]; synonymKeys: string[] },
): CatalogueWords {
  return {
    near: words.misspelt.flatMap((word) => facts(word).near ?? []),
    whole: new Set(words.earlier.filter((word) => facts(word).whole === true)),
    complete: words.last !== undefined && facts(words.last).complete === true,
    lexemes: words.stemmed.map((word) => facts(word).lexemes ?? []),
    uses: words.stemmed.map((word) => facts(word).uses ?? { inType: 0, everywhere: 0 }),
    joined: new Set(words.joins.filter((word) => facts(word).whole === true)),
    splits: words.misspelt.flatMap((word) => facts(word).splits ?? []),
    synonyms: new Map(words.synonymKeys.flatMap((key) => (facts(key).synonyms?.length ? [[key, facts(key).synonyms!] as const] : []))),
  };
}
