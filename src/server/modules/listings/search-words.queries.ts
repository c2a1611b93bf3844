import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { ListingType } from '../../../shared/types';

/** How many of the nearest words (by trigrams) are weighed for each misspelt word. */
const NEAREST = 30;
/** A second, smaller look-up with the first two letters swapped: trigrams alone miss "lsack" for "slack". */
const NEAREST_SWAPPED = 10;

export type NearWord = { typed: string; word: string; uses: number };

/**
 * For each word that no live listing of the type uses, as a word or the start of one: the
 * catalogue words nearest to it by trigram distance (GiST index on search_words), with how many
 * live listings use them. Words that need no correction get no rows. One round trip for all words.
 */
export async function findNearWords(db: Executor, type: ListingType, words: string[]): Promise<NearWord[]> {
  if (words.length === 0) return [];
  const uses = sql.identifier(type === 'tools' ? 'tools' : 'services');
  const typed = sql`array[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;
  // Words are letters and digits only (parseSearch), so nothing in them is a LIKE wildcard.
  const result = await db.execute(sql`
    select q.word as typed, near.word, near.uses
    from unnest(${typed}) as q(word)
    cross join lateral (
      (select s.word, s.${uses} as uses from search_words s where s.${uses} > 0 order by s.word <-> q.word limit ${NEAREST})
      union
      (select s.word, s.${uses} as uses from search_words s where s.${uses} > 0
        order by s.word <-> (substr(q.word, 2, 1) || substr(q.word, 1, 1) || substr(q.word, 3)) limit ${NEAREST_SWAPPED})
    ) as near
    where not exists (select 1 from search_words p where p.word like q.word || '%' and p.${uses} > 0)
  `);
  return (result as unknown as { rows: NearWord[] }).rows.map((row) => ({ ...row, uses: Number(row.uses) }));
}

/** Which of these words live listings of the type use as whole words (search_words' primary key). */
export async function findWholeWords(db: Executor, type: ListingType, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const uses = sql.identifier(type === 'tools' ? 'tools' : 'services');
  const list = sql`array[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;
  const result = await db.execute(sql`select word from search_words where word = any(${list}) and ${uses} > 0`);
  return new Set((result as unknown as { rows: { word: string }[] }).rows.map((row) => row.word));
}
