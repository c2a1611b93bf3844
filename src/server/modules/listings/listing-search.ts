import { type SQL, sql } from 'drizzle-orm';
import { listings } from '../../../db/schema/listings';

/**
 * Catalogue search (docs/decisions/search.md): full-text search over the weighted search_vector
 * (title A, tags B, short description C, description D) with every word as a prefix, OR a
 * trigram word similarity on the title, so that a misspelt word ("hubspt") still finds "HubSpot".
 * Both branches are served by GIN indexes (listings_search_vector_idx, listings_title_trgm_idx).
 */

/** Enough words for any real query; more would only make the tsquery slower to evaluate. */
const MAX_WORDS = 8;

export type SearchTerms = {
  /** Sanitised words, lowercased: letters and digits only, so they are safe inside to_tsquery syntax. */
  words: string[];
  /** "word1:* & word2:*": every word must appear, as a word or the start of one. */
  prefixQuery: string;
  /** The words joined by spaces, compared with the title by trigrams. */
  text: string;
};

/**
 * Reduces whatever was typed to plain words. User text never reaches to_tsquery as syntax: its
 * operators (& | ! : * ( ) <->) and quotes are dropped here, and the result is sent as a bound value.
 */
export function parseSearch(input: string): SearchTerms {
  const words = (input.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  return { words, prefixQuery: words.map((word) => `${word}:*`).join(' & '), text: words.join(' ') };
}

const tsQuery = (terms: SearchTerms) => sql`to_tsquery('english', ${terms.prefixQuery})`;

/**
 * Rows matching the search. `<%` is pg_trgm's word-similarity operator (true when
 * word_similarity >= pg_trgm.word_similarity_threshold, 0.6 by default) and can use the
 * trigram index, unlike a comparison with word_similarity(...) itself.
 * A search with no letters or digits at all matches nothing.
 */
export function searchCondition(terms: SearchTerms): SQL {
  if (terms.words.length === 0) return sql`false`;
  return sql`(${listings.searchVector} @@ ${tsQuery(terms)} or ${terms.text} <% ${listings.title})`;
}

/**
 * Relevance, higher first: the weighted full-text rank plus the title's word similarity (0..1)
 * when it passes the match threshold. The similarity ranks typo matches and lifts titles that
 * match the words closely; below the threshold it is noise (a shared first letter) and would
 * outweigh ts_rank, whose values are small (a single description hit scores about 0.006).
 */
export function searchRank(terms: SearchTerms): SQL {
  return sql`(ts_rank(${listings.searchVector}, ${tsQuery(terms)})
    + case when ${terms.text} <% ${listings.title} then word_similarity(${terms.text}, ${listings.title}) else 0 end)`;
}
