import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api';

export type Site = { productName: string; siteName: string };

// The server's configured names (PRODUCT_NAME, SITE_NAME). Until they arrive the spec's default
// product name keeps titles readable.
const fallback: Site = { productName: 'SaaS', siteName: 'SaaS Directory' };

/** GET /api/site: the configured product and site names; they never change while the page is open. */
export function useSite(): Site {
  const query = useQuery({ queryKey: ['/api/site'], queryFn: () => apiGet<Site>('/api/site'), staleTime: Infinity });
  return query.data ?? fallback;
}
