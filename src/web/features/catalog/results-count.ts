import type { ListingType } from '../../../shared/types';

/** '{n} Tools Found' / '{n} Services Found' (one listing reads '1 Tool Found'). */
export function resultsCountText(type: ListingType, total: number): string {
  const noun = type === 'tools' ? (total === 1 ? 'Tool' : 'Tools') : total === 1 ? 'Service' : 'Services';
  return `${total.toLocaleString('en-US')} ${noun} Found`;
}
