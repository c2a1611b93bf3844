import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api';

/** GET /api/site: the operator's brand, as every page shows it. */
export type Site = {
  productName: string;
  siteName: string;
  supportEmail: string;
  accentColour: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  heroTitle: string;
  heroText: string;
  heroBadge: string;
  figures: { value: string; label: string }[];
  successStoriesUrl: string | null;
  resourcesUrl: string | null;
};

// Only while a page rendered without the server (the dev server) waits for the answer: the server
// render always has the brand in the page's data, so visitors never see this.
const fallback: Site = {
  productName: 'SaaS',
  siteName: 'SaaS Directory',
  supportEmail: 'support@example.com',
  accentColour: '#4f46e5',
  logoUrl: null,
  faviconUrl: null,
  heroTitle: '',
  heroText: '',
  heroBadge: '',
  figures: [],
  successStoriesUrl: null,
  resourcesUrl: null,
};

export const SITE_KEY = ['/api/site'] as const;

/** The brand; the server render put it in the page, and an administrator's save refreshes it. */
export function useSite(): Site {
  const query = useQuery({ queryKey: SITE_KEY, queryFn: () => apiGet<Site>('/api/site'), staleTime: Infinity });
  return query.data ?? fallback;
}
