import type { ListingType } from '../../../shared/types';

/**
 * '{n} Tools Found' / '{n} Services Found' (one listing reads '1 Tool Found'). A total the server
 * only counted up to (not exact) is a lower bound: '10,000+ Services Found'.
 */
export function resultsCountText(type: ListingType, total: number, exact = true): string {
  const one = total === 1 && exact;
  const noun = type === 'tools' ? (one ? 'Tool' : 'Tools') : one ? 'Service' : 'Services';
  return `${total.toLocaleString('en-US')}${exact ? '' : '+'} ${noun} Found`;
}
