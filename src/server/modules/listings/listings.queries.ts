import { and, eq, type SQL } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import { users } from '../../../db/schema/users';
import type { ListingWithRelations } from './listing-json';

// The search vector is large and only ever used inside WHERE/ORDER BY, so it is never selected.
const { searchVector: _searchVector, ...listingColumns } = getTableColumns(listings);

export type ListingRow = Omit<typeof listings.$inferSelect, 'searchVector'>;

/**
 * A listing with its category name and provider summary: the base of every listing read.
 * Callers add where/order/limit; rows convert with toListingJson.
 */
export function selectListings(db: Executor) {
  return db
    .select({
      listing: listingColumns,
      category: { name: categories.name, slug: categories.slug },
      provider: {
        id: users.id,
        slug: users.slug,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        companyName: users.companyName,
        profileImageUrl: users.profileImageUrl,
      },
    })
    .from(listings)
    .leftJoin(categories, eq(categories.id, listings.categoryId))
    .leftJoin(users, eq(users.id, listings.providerId))
    .$dynamic();
}

export async function findListing(db: Executor, where: SQL | undefined): Promise<ListingWithRelations | undefined> {
  return (await selectListings(db).where(where).limit(1))[0] as ListingWithRelations | undefined;
}

export const findListingById = (db: Executor, type: 'tools' | 'services', id: number) =>
  findListing(db, and(eq(listings.type, type), eq(listings.id, id)));
