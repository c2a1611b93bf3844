import { describe, expect, it } from 'vitest';
import { priceSourceNote, priceWarnings } from './calculator-notes';

describe('what the calculator says beside its figures', () => {
  it('says which input the price comes from', () => {
    expect(priceSourceNote({ price: 90, markup: 50 }, '60', 120, 'monthly')).toBe('Using your price of $90/mo; the markup is ignored (clear the price to work from a markup).');
    expect(priceSourceNote({ price: null, markup: 50 }, '60', 120, 'monthly')).toBe('Using a 50% markup on what you pay ($60/mo).');
    expect(priceSourceNote({ price: null, markup: null }, '60', 120, 'monthly')).toBe('Using the suggested retail price of $120/mo.');
  });

  it('warns below cost and below the minimum retail price, and not at or above them', () => {
    const terms = { wholesalePrice: '60', minRetailPrice: '80', priceUnit: 'monthly' as const };
    expect(priceWarnings(50, terms)).toEqual([
      '$50/mo is below what you pay ($60/mo): you lose $10 on every client payment.',
      "$50/mo is below the programme's minimum retail price ($80/mo): the programme may not let you sell at it.",
    ]);
    expect(priceWarnings(70, terms)).toHaveLength(1);
    expect(priceWarnings(80, terms)).toEqual([]);
    expect(priceWarnings(10, { ...terms, minRetailPrice: null, wholesalePrice: null })).toEqual([]);
  });
});
