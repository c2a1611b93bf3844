import type { MetaRequest } from './meta.service';

/** Which page (and which listing, category or provider) an address shows, as the client's router reads it. */
export function pageOfAddress(pathname: string, search: URLSearchParams): MetaRequest {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { page: 'home' };
  const [, first, second, ...rest] = path.split('/');
  if (rest.length) return { page: 'not-found' };
  const key = second ? safeDecode(second) : undefined;
  if (key !== undefined) {
    if (first === 'tool') return { page: 'tool', entityId: key };
    if (first === 'service') return { page: 'service', entityId: key };
    if (first === 'company') return { page: 'company', entityId: key };
    if (first === 'category') {
      const type = search.get('type');
      return { page: 'category', entityId: key, type: type === 'tools' || type === 'services' ? type : undefined, slugOnly: true };
    }
    return { page: 'not-found' };
  }
  switch (first) {
    case 'tools':
    case 'services':
    case 'trending':
    case 'categories':
    case 'compare':
    case 'favorites':
    case 'dashboard':
    case 'provider':
    case 'admin':
    case 'auth':
    case 'contact':
    case 'privacy-policy':
    case 'terms-conditions':
    case 'how-reviews-work':
    case 'pricing':
    case 'reset-password':
    case 'invitation':
    case 'claim-listing':
      return { page: first };
    default:
      return { page: 'not-found' };
  }
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
