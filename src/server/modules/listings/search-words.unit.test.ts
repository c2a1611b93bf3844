import { describe, expect, it } from 'vitest';
import { americanSpelling, otherSpelling } from '../../../shared/search-spelling';
import { searchTerm } from '../../../shared/schemas/search-synonym';
import { correctWords, relaxedSearches, type SearchWord, searchParts, synonymKeys, tsQueryText, withSynonyms } from './listing-search';

const words = (...typed: string[]): SearchWord[] => correctWords(typed, [], new Set(typed.slice(0, -1)), true);

describe('British and American spellings', () => {
  it('gives each word that begins with one spelling the other, and American for keys', () => {
    expect(otherSpelling('optimisation')).toBe('optimization');
    expect(otherSpelling('optimize')).toBe('optimise');
    expect(otherSpelling('colours')).toBe('colors');
    expect(otherSpelling('catalog')).toBe('catalogue');
    expect(otherSpelling('programmes')).toBe('programs');
    expect(otherSpelling('program')).toBe('programme');
    expect(otherSpelling('behaviour')).toBe('behavior');
    expect(otherSpelling('analyse')).toBe('analyze');
    expect(otherSpelling('centre')).toBe('center');
    expect(otherSpelling('licence')).toBe('license');
    expect(otherSpelling('organisation')).toBe('organization');
    expect(otherSpelling('seo')).toBeUndefined();
    expect(americanSpelling('optimisation')).toBe('optimization');
    expect(americanSpelling('optimization')).toBe('optimization');
    expect(searchTerm('  Search-Engine  Optimisation! ')).toBe('search engine optimization');
  });

  it('searches a word in both spellings, a prefix while the last word is typed', () => {
    expect(tsQueryText(correctWords(['colour', 'optimis'], [], new Set(['colour'])))).toBe('(colour | color) & (optimis:* | optimiz:*)');
  });
});

describe('synonyms', () => {
  it('looks up every run of neighbouring words, in American spelling', () => {
    expect(synonymKeys(['search', 'engine', 'optimisation'])).toEqual(['search', 'search engine', 'search engine optimization', 'engine', 'engine optimization', 'optimization']);
  });

  it('matches the longest run first, the words themselves or any synonym, each synonym word in both spellings', () => {
    const synonyms = new Map([
      ['search engine optimization', ['seo']],
      ['seo', ['search engine optimization']],
      ['agency', ['studio']],
    ]);
    const marked = withSynonyms(words('search', 'engine', 'optimisation', 'agency'), (key) => synonyms.get(key) ?? []);
    expect(searchParts(marked).map((part) => part.map((word) => word.typed))).toEqual([['search', 'engine', 'optimisation'], ['agency']]);
    expect(tsQueryText(marked)).toBe('((search & engine & (optimisation | optimization)) | seo) & (agency | studio)');
    const seo = withSynonyms(words('seo'), (key) => synonyms.get(key) ?? []);
    expect(tsQueryText(seo)).toBe('(seo | (search <-> engine <-> (optimization | optimisation)))');
  });
});

describe('relaxedSearches', () => {
  const typed = (searches: SearchWord[][]) => searches.map((search) => search.map((word) => word.typed).join(' '));

  it('leaves out the words that match nothing first, then the most used, down to one part', () => {
    const uses: Record<string, number> = { email: 400, newsletter: 1, tool: 700, zzz: 0 };
    const search = words('email', 'newsletter', 'tool', 'zzz');
    expect(typed(relaxedSearches(search, (part) => uses[part[0]!.typed]))).toEqual(['email newsletter tool', 'email newsletter', 'newsletter']);
  });

  it('never leaves out stop words, which match nothing but change nothing, and the later word first when equal', () => {
    const uses: Record<string, number | undefined> = { pay: 5, per: 5, the: undefined, click: 5 };
    expect(typed(relaxedSearches(words('pay', 'the', 'per', 'click'), (part) => uses[part[0]!.typed]))).toEqual(['pay the per', 'pay the']);
  });

  it('has nothing to relax for a search of one part', () => {
    expect(relaxedSearches(words('seo'), () => 3)).toEqual([]);
  });
});
