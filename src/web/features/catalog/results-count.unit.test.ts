import { describe, expect, it } from 'vitest';
import { resultsCountText } from './results-count';

describe('resultsCountText', () => {
  it('counts in the singular for one listing and in the plural otherwise', () => {
    expect(resultsCountText('tools', 1)).toBe('1 Tool Found');
    expect(resultsCountText('services', 0)).toBe('0 Services Found');
    expect(resultsCountText('services', 1234)).toBe('1,234 Services Found');
  });

  it('shows a total the server stopped counting at as a lower bound', () => {
    expect(resultsCountText('services', 10_000, false)).toBe('10,000+ Services Found');
    expect(resultsCountText('tools', 1, false)).toBe('1+ Tools Found');
  });
});
