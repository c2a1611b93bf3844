import { check, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './columns';

/**
 * Search synonyms an administrator keeps (docs/decisions/search.md, "Synonyms"). A row with
 * `from_term` is one-way: a search for that word or phrase also finds any of `terms` ("ppc": pay
 * per click, not the other way round). A row without one is a group of equivalents: a search for
 * any of `terms` finds them all ("seo", "search engine optimization"). Every term is stored as
 * search reads it: lowercased words of letters and digits, one space apart, American spelling.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    fromTerm: text('from_term'),
    terms: text('terms').array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('search_synonyms_from_term_idx').on(t.fromTerm),
    index('search_synonyms_terms_idx').using('gin', t.terms),
    check('search_synonyms_terms_not_empty', sql`cardinality(${t.terms}) >= 1`),
  ],
);

export type SearchSynonymRow = typeof searchSynonyms.$inferSelect;
