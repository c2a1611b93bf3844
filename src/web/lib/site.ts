import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api';

/** GET /api/site: the public settings the server lets the browser see. */
export type Site = { productName: string; siteName: string; supportEmail: string };

// Until the answer arrives the spec's default product name keeps titles readable.
const fallback: Site = { productName: 'SaaS', siteName: 'SaaS Directory', supportEmail: 'support@example.com' };

/** The configured product and site names and the support address; they never change while the page is open. */
export function useSite(): Site {
  const query = useQuery({ queryKey: ['/api/site'], queryFn: () => apiGet<Site>('/api/site'), staleTime: Infinity });
  return query.data ?? fallback;
}
