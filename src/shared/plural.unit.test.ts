import { describe, expect, it } from 'vitest';
import { countOf, pluralOf } from './plural';

describe('countOf', () => {
  it('writes one as singular and every other count as plural', () => {
    expect(countOf(1, 'free internal-use seat')).toBe('1 free internal-use seat');
    expect(countOf(3, 'free internal-use seat')).toBe('3 free internal-use seats');
    expect(countOf(0, 'result')).toBe('0 results');
    expect(countOf(1.5, 'month')).toBe('1.5 months');
    expect(countOf(12000, 'view')).toBe('12,000 views');
  });

  it('takes an irregular plural', () => {
    expect(countOf(2, 'company', 'companies')).toBe('2 companies');
    expect(pluralOf(1, 'company', 'companies')).toBe('company');
  });
});
