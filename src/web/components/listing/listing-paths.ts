import type { Listing, ProviderSummary } from '../../../shared/types';
import { listingNoun } from '../../../shared/listing-type';

/** The detail page of a listing: /tool/{slug} or /service/{slug} (SPEC.md section 2). */
export function listingPath(listing: Pick<Listing, 'type' | 'slug' | 'id'>): string {
  return `/${listingNoun(listing.type)}/${encodeURIComponent(listing.slug || String(listing.id))}`;
}

/** A provider's public profile: /company/{slug or id}. */
export function companyPath(provider: Pick<ProviderSummary, 'slug' | 'id'>): string {
  return `/company/${encodeURIComponent(provider.slug || provider.id)}`;
}
