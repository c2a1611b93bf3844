import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { type SearchSynonymRow, searchSynonyms } from '../../../db/schema/search-synonyms';
import type { SearchSynonymFields } from '../../../shared/schemas/search-synonym';

/** Every synonym row: one-way rows by their word, then the groups of equivalents by their first term. */
export const listSynonyms = (db: Executor): Promise<SearchSynonymRow[]> =>
  db
    .select()
    .from(searchSynonyms)
    .orderBy(sql`${searchSynonyms.fromTerm} is null`, asc(searchSynonyms.fromTerm), sql`${searchSynonyms.terms}[1]`, asc(searchSynonyms.id));

export const findSynonym = async (db: Executor, id: number): Promise<SearchSynonymRow | undefined> =>
  (await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)))[0];

/** Another one-way row from the same word (`except` the row being edited). */
export const findOneWayFrom = async (db: Executor, from: string, except?: number): Promise<SearchSynonymRow | undefined> =>
  (
    await db
      .select()
      .from(searchSynonyms)
      .where(and(isNotNull(searchSynonyms.fromTerm), eq(searchSynonyms.fromTerm, from), except === undefined ? undefined : ne(searchSynonyms.id, except)))
  )[0];

export const insertSynonym = async (db: Executor, fields: SearchSynonymFields): Promise<SearchSynonymRow> =>
  (await db.insert(searchSynonyms).values({ fromTerm: fields.from, terms: fields.terms }).returning())[0]!;

export const updateSynonym = async (db: Executor, id: number, fields: SearchSynonymFields): Promise<SearchSynonymRow | undefined> =>
  (await db.update(searchSynonyms).set({ fromTerm: fields.from, terms: fields.terms, updatedAt: new Date() }).where(eq(searchSynonyms.id, id)).returning())[0];

export const deleteSynonym = async (db: Executor, id: number): Promise<SearchSynonymRow | undefined> =>
  (await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning())[0];
