import { describe, expect, it } from 'vitest';
import { readCalculator } from './calculator';

describe('the profit calculator input', () => {
  it('takes the defaults for fields left empty', () => {
    expect(readCalculator({ price: '', markup: ' ', clients: '', months: '' })).toEqual({ ok: true, values: { price: null, markup: null, clients: 1, months: 12 }, errors: {} });
  });

  it('reads prices as people write them', () => {
    const reading = readCalculator({ price: '$1,200.50', clients: '3', months: '24' });
    expect(reading.values).toEqual({ price: 1200.5, markup: null, clients: 3, months: 24 });
  });

  it('refuses what it cannot use, field by field, instead of falling back to a default', () => {
    const reading = readCalculator({ price: 'abc', markup: '-150', clients: '0', months: '1000' });
    expect(reading.ok).toBe(false);
    expect(reading.errors).toEqual({
      price: 'Enter your price as a number, e.g. 90',
      markup: 'A markup cannot be below -100%',
      clients: 'Clients must be at least 1',
      months: 'Months can be at most 120 (10 years)',
    });
    expect(readCalculator({ price: '-5' }).errors).toEqual({ price: 'Your price cannot be negative' });
    expect(readCalculator({ clients: '2.5' }).errors).toEqual({ clients: 'Enter a whole number of clients, e.g. 5' });
  });
});
