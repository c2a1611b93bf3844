import { useQuery } from '@tanstack/react-query';
import type { Insight } from '../../../../shared/schemas/insight';
import { apiGet, withQuery } from '../../../lib/api';

/** What the page's address asks for: the range and the listing, as plain GET parameters. */
export type InsightParams = { range?: string; from?: string; to?: string; listing?: string };

/** GET /api/provider/insight, read on the server with the page (the figures are as of that read). */
export function useInsight(params: InsightParams) {
  return useQuery({
    queryKey: ['/api/provider', 'insight', params],
    queryFn: () => apiGet<Insight>(withQuery('/api/provider/insight', params)),
    staleTime: 60_000,
  });
}
