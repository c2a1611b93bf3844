import { listingNoun } from '../../../shared/listing-type';
import type { ListingType } from '../../../shared/types';

/**
 * The one address of each public thing, built from its slug: the canonical link, JSON-LD and the
 * sitemap all name it so, whether a visitor arrived by id or by slug.
 */
export const listingPath = (listing: { type: ListingType; slug: string }) => `/${listingNoun(listing.type)}/${encodeURIComponent(listing.slug)}`;

/** A category slug is unique only within its type, so the type is part of its address. */
export const categoryPath = (category: { type: ListingType; slug: string }) => `/category/${encodeURIComponent(category.slug)}?type=${category.type}`;

export const providerPath = (provider: { slug: string }) => `/company/${encodeURIComponent(provider.slug)}`;
