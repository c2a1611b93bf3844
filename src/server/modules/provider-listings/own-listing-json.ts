import type { Listing } from '../../../shared/types';
import { toListingJson } from '../listings/listing-json';
import type { ListingWithRelations } from '../listings/listings.queries';

/** A listing as its owner (or an administrator) sees it: with the proposed edit awaiting approval. */
export function toOwnListingJson(row: ListingWithRelations, viewer: { id: string; isAdmin: boolean }): Listing {
  return { ...toListingJson(row, viewer), pendingChanges: row.listing.pendingChanges ?? null };
}
