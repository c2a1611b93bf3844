import { describe, expect, it } from 'vitest';
import { EXCERPT_LENGTH, EXCERPT_SOURCE_LENGTH, listingExcerpt } from './listing-excerpt';

// What the queries read: the description's first EXCERPT_SOURCE_LENGTH characters.
const start = (description: string) => description.slice(0, EXCERPT_SOURCE_LENGTH);

describe('listingExcerpt', () => {
  it('is the short description when there is one, trimmed', () => {
    expect(listingExcerpt('  A crisp line.  ', start('A long description'))).toBe('A crisp line.');
  });

  it('falls back to the description when the short description is missing or blank', () => {
    expect(listingExcerpt(null, start('Short and complete.'))).toBe('Short and complete.');
    expect(listingExcerpt('   ', start('Short and complete.'))).toBe('Short and complete.');
  });

  it('folds line breaks and runs of spaces onto one line', () => {
    expect(listingExcerpt(null, start('First paragraph.\n\n  Second   paragraph.'))).toBe('First paragraph. Second paragraph.');
  });

  it('cuts a long description at a word, without trailing punctuation, and marks the cut', () => {
    const description = 'word, '.repeat(100);
    const excerpt = listingExcerpt(null, start(description));
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 1);
    expect(excerpt).toMatch(/^(word, )+word…$/);
  });

  it('cuts a first word longer than the excerpt where the excerpt ends', () => {
    const excerpt = listingExcerpt(null, start('x'.repeat(5_000)));
    expect(excerpt).toBe(`${'x'.repeat(EXCERPT_LENGTH)}…`);
  });

  it('marks a description that goes on past what was read, even when its start folds to little', () => {
    const description = `Intro.${' '.repeat(EXCERPT_SOURCE_LENGTH)}More text that was not read.`;
    expect(listingExcerpt(null, start(description))).toBe('Intro.…');
  });

  it('keeps a description of exactly the excerpt length whole', () => {
    const description = 'a'.repeat(EXCERPT_LENGTH);
    expect(listingExcerpt(null, start(description))).toBe(description);
  });
});
