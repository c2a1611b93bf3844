import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinList, neutralise, restore, splitList } from './csv-cells';

describe('formula neutralisation', () => {
  it('puts an apostrophe before every cell a spreadsheet would run as a formula', () => {
    for (const value of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx', "'=already"]) {
      expect(neutralise(value)).toBe(`'${value}`);
    }
    for (const value of ['plain', "'tis the season", '', '1-2', 'a=b']) expect(neutralise(value)).toBe(value);
  });

  it('gives back every value exactly after the round trip', () => {
    const tricky = fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", 'a', ' ');
    const value = fc.oneof(fc.string(), fc.array(tricky, { maxLength: 6 }).map((parts) => parts.join('')));
    fc.assert(fc.property(value, (v) => restore(neutralise(v)) === v));
  });

  it('leaves cells written by hand without a guard as they are', () => {
    expect(restore('-5 off')).toBe('-5 off');
    expect(restore("'quoted'")).toBe("'quoted'");
  });
});

describe('list cells', () => {
  it('joins with | and splits back, items holding | or \\ included', () => {
    const items = fc.array(fc.string({ minLength: 1 }), { maxLength: 5 });
    fc.assert(fc.property(items, (list) => JSON.stringify(splitList(joinList(list))) === JSON.stringify(list)));
    expect(joinList(['a|b', 'c\\d'])).toBe('a\\|b|c\\\\d');
    expect(splitList('')).toEqual([]);
  });
});
