import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { ListingType } from '../../../shared/types';

/** How many of the nearest words (by trigrams) are weighed for each misspelt word. */
const NEAREST = 30;
/** A second, smaller look-up with the first two letters swapped: trigrams alone miss "lsack" for "slack". */
const NEAREST_SWAPPED = 10;

export type NearWord = { typed: string; word: string; uses: number };

/** A search's words as the catalogue knows them: near words of the misspelt, and the whole words. */
export type CatalogueWords = { near: NearWord[]; whole: Set<string> };

const textArray = (words: string[]) => sql`array[${sql.join(
  words.map((word) => sql`${word}`),
  sql`, `,
)}]::text[]`;

/**
 * Two look-ups in search_words, in one round trip (a search waits for them before it reads):
 *
 * - near: for each of `misspelt` that no live listing of the type uses, as a word or the start of
 *   one, the catalogue words nearest to it by trigram distance (GiST index on search_words), with
 *   how many live listings use them. Words that need no correction get no rows.
 * - whole: which of `earlier` live listings of the type use as whole words (the primary key).
 */
export async function lookUpWords(db: Executor, type: ListingType, misspelt: string[], earlier: string[]): Promise<CatalogueWords> {
  if (misspelt.length === 0 && earlier.length === 0) return { near: [], whole: new Set() };
  const uses = sql.identifier(type === 'tools' ? 'tools' : 'services');
  // Words are letters and digits only (parseSearch), so nothing in them is a LIKE wildcard.
  const near = sql`
    select q.word as typed, near.word, near.uses
    from unnest(${textArray(misspelt)}) as q(word)
    cross join lateral (
      (select s.word, s.${uses} as uses from search_words s where s.${uses} > 0 order by s.word <-> q.word limit ${NEAREST})
      union
      (select s.word, s.${uses} as uses from search_words s where s.${uses} > 0
        order by s.word <-> (substr(q.word, 2, 1) || substr(q.word, 1, 1) || substr(q.word, 3)) limit ${NEAREST_SWAPPED})
    ) as near
    where not exists (select 1 from search_words p where p.word like q.word || '%' and p.${uses} > 0)`;
  const whole = sql`select word from search_words where word = any(${textArray(earlier)}) and ${uses} > 0`;
  const result = await db.execute(sql`
    select (select coalesce(json_agg(json_build_array(typed, word, uses)), '[]') from (${near}) as near) as near,
      (select coalesce(json_agg(word), '[]') from (${whole}) as whole) as whole`);
  // Both drivers answer raw SQL with { rows }, json already parsed; the shared Database type cannot say so.
  const [row] = (result as unknown as { rows: { near: [string, string, number][]; whole: string[] }[] }).rows;
  return {
    near: (row?.near ?? []).map(([typed, word, uses]) => ({ typed, word, uses: Number(uses) })),
    whole: new Set(row?.whole ?? []),
  };
}
