import type { ListingQuery } from '../../../shared/schemas/listing-query';
import { countsViews } from '../../lib/counts-views';
import type { DailyCounts } from '../../lib/daily-counts';
import type { ServedListener } from '../../lib/read-cache';

/**
 * What counts the listings of one page of results as having appeared, each time that page is sent
 * to someone who could look at it (not a bot): a search's results count as search appearances, a
 * category's list without words as category appearances. Other lists (the plain catalogue, a
 * provider's, an administrator's) count nothing. Undefined when there is nothing to count, or
 * counting is off. A sending costs isbot's remembered answer and an increment: the listings are
 * counted when the batcher flushes (lib/daily-counts.ts).
 */
export function appearanceCounter(counts: DailyCounts, query: ListingQuery, listingIds: readonly number[]): ServedListener | undefined {
  if (query.status !== 'approved' || query.providerId !== undefined || listingIds.length === 0) return undefined;
  const figure = query.search ? 'searchAppearances' : query.categoryId !== undefined ? 'categoryAppearances' : undefined;
  if (!figure) return undefined;
  const countServing = counts.pageServings(listingIds, figure);
  if (!countServing) return undefined;
  return (headers) => {
    if (countsViews(headers['user-agent'])) countServing();
  };
}
