import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import { users } from '../../../db/schema/users';
import type { ListingType } from '../../../shared/types';
import { findListing } from '../listings/listings.queries';
import type { ListingWithRelations } from '../listings/listing-json';

/**
 * The public things a page can be about, looked up by the id or slug in its address. Only what a
 * visitor may see: unapproved listings are not found here, so their titles never leak into meta.
 */

const isIntegerId = (value: string) => /^\d{1,9}$/.test(value);

/** Matches a row by numeric id or by slug, whichever the address used. */
function byIdOrSlug(idColumn: typeof listings.id | typeof categories.id, slugColumn: typeof listings.slug | typeof categories.slug, key: string): SQL {
  return isIntegerId(key) ? or(eq(idColumn, Number(key)), eq(slugColumn, key))! : eq(slugColumn, key);
}

export async function findPublicListing(db: Executor, type: ListingType, key: string): Promise<ListingWithRelations | undefined> {
  return findListing(db, and(eq(listings.type, type), eq(listings.status, 'approved'), byIdOrSlug(listings.id, listings.slug, key)));
}

export async function findPublicCategory(db: Executor, key: string, type: ListingType | undefined) {
  const rows = await db
    .select()
    .from(categories)
    .where(and(byIdOrSlug(categories.id, categories.slug, key), type ? eq(categories.type, type) : undefined))
    .orderBy(categories.id)
    .limit(1);
  return rows[0];
}

export async function findPublicProvider(db: Executor, key: string) {
  const rows = await db
    .select({
      id: users.id,
      slug: users.slug,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      bio: users.bio,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(and(or(eq(users.id, key), eq(users.slug, key)), eq(users.isProvider, true)))
    .limit(1);
  return rows[0];
}
