import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import type { ListingSummary, ListingType } from '../../../shared/types';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../users/users.queries';
import { findListing } from '../listings/listings.queries';
import { listingCardsFor } from '../partner-programmes/programme-cards';
import {
  countFavoriteListings,
  deleteFavorite,
  findFavoriteIds,
  findFavoriteListings,
  findFavoriteStatus,
  insertFavorite,
} from './favorites.queries';
import { ListingNoun } from '../../../shared/listing-type';

/** Saving twice is not an error: the heart may be clicked in two tabs. Only live listings can be saved. */
export async function addFavorite(db: Database, user: UserRow, listingId: number) {
  const found = await findListing(db, eq(listings.id, listingId));
  if (!found || found.listing.status !== 'approved') throw AppError.notFound('Listing not found');
  await insertFavorite(db, user.id, listingId);
  return { isFavorited: true };
}

/** Removing works whatever became of the listing, and removing what is not saved is not an error. */
export async function removeFavorite(db: Database, user: UserRow, listingId: number) {
  await deleteFavorite(db, user.id, listingId);
  return { isFavorited: false };
}

export async function listFavorites(
  db: Database,
  user: UserRow,
  page: { type?: ListingType; limit: number; offset: number },
): Promise<{ items: ListingSummary[]; total: number }> {
  const [rows, total] = await Promise.all([
    findFavoriteListings(db, user.id, page),
    countFavoriteListings(db, user.id, page.type),
  ]);
  // The member's own view of each programme, like the catalogue's cards; this answer is never cached for anyone else.
  return { items: await listingCardsFor(db, user, rows), total };
}

export const favoriteIds = (db: Database, user: UserRow) => findFavoriteIds(db, user.id);

export async function favoriteStatus(db: Database, user: UserRow, type: ListingType, listingId: number) {
  const status = await findFavoriteStatus(db, user.id, type, listingId);
  if (!status) throw AppError.notFound(`${ListingNoun(type)} not found`);
  return status;
}
