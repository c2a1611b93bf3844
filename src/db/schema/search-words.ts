import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The catalogue's vocabulary: every word (2 to 40 letters or digits) of a live listing's title,
 * tags and descriptions, and of the other forms of its names ("email" of "e-mail",
 * search_name_forms), with how many live listings of each type use it. Search corrects a
 * misspelt word to its nearest entries here (of 4 letters or more) before the full-text query runs
 * (docs/decisions/search.md), and splits a word it does not know into two it does, or joins two
 * typed words into one it does (docs/decisions/search-names.md). Kept up to date by statement
 * triggers on listings, in the same transaction as every listing write (migrations 0006, 0017); a
 * count of 0 means no live listing uses the word any more, and such rows are ignored.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    services: integer('services').notNull().default(0),
    tools: integer('tools').notNull().default(0),
  },
  // GiST rather than GIN: it answers "the nearest words first" (ORDER BY word <-> $1) from the index.
  (t) => [index('search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`)],
);
