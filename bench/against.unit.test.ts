import { describe, expect, it } from 'vitest';
import { againstTable, parseExplainTimes } from './against';

describe('bench --against', () => {
  it("reads each search's database time from search-explain.ts, and nothing else", () => {
    const output = [
      'search "seo" (services)                        12.5 ms    3402 buffers  [0.4 + 12.1]  total 1200',
      'list "&sort=margin" (services)                  3.0 ms     120 buffers  [3.0]  total 10000+',
      'search "email marketing retainer" (services)   40.25 ms   9000 buffers  [40.25]  total 31',
      'a warning that is no figure: 99 ms',
    ].join('\n');
    expect([...parseExplainTimes(output)]).toEqual([
      ['search "seo" (services)', 12.5],
      ['list "&sort=margin" (services)', 3],
      ['search "email marketing retainer" (services)', 40.25],
    ]);
  });

  it('prints each figure for the working tree, the reference and new/old', () => {
    const lines = againstTable('main', [
      { name: 'plain list', unit: 'req/s', current: 1500, reference: 1000 },
      { name: 'p95', unit: 'ms', current: 5, reference: 10 },
      { name: 'share', unit: 'x', current: 0.05, reference: 0.04 },
    ]);
    expect(lines[0]).toBe('| figure (read cache off) | working tree | main | new/old |');
    expect(lines.slice(2)).toEqual(['| plain list | 1500 req/s | 1000 req/s | 1.50 |', '| p95 | 5.0 ms | 10.0 ms | 0.50 |', '| share | 0.050x | 0.040x | 1.25 |']);
  });
});
