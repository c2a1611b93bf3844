import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the admin screens. Each starts with its URL, so the listing form's own
 * invalidation (every key under /api/admin) refreshes these lists too, and a list's key is the
 * prefix of each of its pages' keys.
 */
export const adminKeys = {
  overview: ['/api/admin/overview'] as const,
  audit: (limit: number) => ['/api/admin/audit', limit] as const,
  pending: (type: string, page: number) => [`/api/admin/${type}/pending`, page] as const,
  listings: (type: string, status: string, search: string, page: number) => ['/api/admin/listings', type, status, search, page] as const,
  counts: (type: string, search: string) => ['/api/admin/listings/counts', type, search] as const,
  users: ['/api/admin/users'] as const,
  usersPage: (search: string, page: number) => ['/api/admin/users', 'page', search, page] as const,
  templates: ['/api/admin/seo/templates'] as const,
  overrides: ['/api/admin/seo/overrides'] as const,
  searchSynonyms: ['/api/admin/search-synonyms'] as const,
  reportedReviews: ['/api/admin/review-reports'] as const,
  listingClaims: ['/api/admin/listing-claims'] as const,
  programmes: ['/api/admin/partner-programmes'] as const,
  programmesPage: (filter: string, page: number) => ['/api/admin/partner-programmes', filter, page] as const,
  // Its own key: the editor's list carries bottomContent, the public list of the same type does not.
  categories: (type: string) => ['/api/categories', type, 'with-content'] as const,
};

/**
 * After any moderation or listing change: every admin list and count, and the public catalogue.
 * The mutations below do not wait for this refetch: the item acted on may leave its list, and its
 * component must still be mounted when the caller's success toast runs.
 */
export function refreshListings(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && /^\/api\/(admin|services|tools|provider|dashboard)/.test(query.queryKey[0]),
  });
}
