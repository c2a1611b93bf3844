import { z } from 'zod';
import { americanSpelling } from '../search-spelling';

/** As search reads a term: lowercased runs of letters and digits, one space apart, in American spelling (listing-search.ts, parseSearch). */
export function searchTerm(text: string): string {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(americanSpelling).join(' ');
}

/** Search reads at most this many words (listing-search.ts, MAX_WORDS): a longer term could never be typed whole. */
const MAX_TERM_WORDS = 8;

const term = z
  .string({ message: 'Enter a word or phrase' })
  .max(100, 'A term must be at most 100 characters')
  .transform(searchTerm)
  .refine((value) => value.length > 0, 'Enter a word or phrase of letters or digits')
  .refine((value) => value.split(' ').length <= MAX_TERM_WORDS, `A term must be at most ${MAX_TERM_WORDS} words`);

/**
 * A synonym row (db/schema/search-synonyms.ts): with `from`, one-way (a search for `from` also
 * finds any of `terms`); without, a group of equivalents (a search for any finds them all).
 */
export const searchSynonymSchema = z
  .object({
    from: z
      .string()
      .max(100, 'A term must be at most 100 characters')
      .nullish()
      .transform((value) => (value ? searchTerm(value) : '')),
    terms: z.array(term, { message: 'Enter at least one synonym' }).min(1, 'Enter at least one synonym').max(20, 'At most 20 synonyms in one row'),
  })
  .transform(({ from, terms }) => ({ from: from || null, terms: [...new Set(terms)] }))
  .superRefine((value, ctx) => {
    if (value.from === null && value.terms.length < 2) ctx.addIssue({ code: 'custom', path: ['terms'], message: 'A group of equivalents needs at least two different terms' });
    if (value.from !== null && value.terms.includes(value.from)) ctx.addIssue({ code: 'custom', path: ['terms'], message: 'A term cannot be its own synonym' });
  });
export type SearchSynonymInput = z.input<typeof searchSynonymSchema>;
export type SearchSynonymFields = z.output<typeof searchSynonymSchema>;

export type SearchSynonym = { id: number; from: string | null; terms: string[]; updatedAt: string };
