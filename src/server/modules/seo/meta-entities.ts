import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import type { ListingType } from '../../../shared/types';
import { findListing } from '../listings/listings.queries';
import type { ListingWithRelations } from '../listings/listings.queries';
import { parseListingKey } from '../listings/listing-params';
import { findPublicProvider as findProfile } from '../providers/providers.queries';

/**
 * The public things a page can be about, looked up by the id or slug in its address. Only what a
 * visitor may see: unapproved listings are not found here, so their titles never leak into meta.
 * Each lookup reads a key the way the page's own API does, so meta and page agree on what exists.
 */

/** No id or slug holds a NUL character, and PostgreSQL refuses one in a text parameter. */
const isSearchable = (key: string) => !key.includes('\0');

/** Digits are an id, anything else a slug: the rule of GET /api/{tools|services}/{id or slug}. */
export async function findPublicListing(db: Executor, type: ListingType, key: string): Promise<ListingWithRelations | undefined> {
  const parsed = isSearchable(key) ? parseListingKey(key) : undefined;
  if (!parsed) return undefined;
  const match = 'id' in parsed ? eq(listings.id, parsed.id) : eq(listings.slug, parsed.slug);
  return findListing(db, and(eq(listings.type, type), eq(listings.status, 'approved'), match));
}

/**
 * A pending or rejected listing, for the only people who may open its page: administrators and
 * its own provider (the rule of GET /api/{type}/{id or slug}). Undefined for anyone else, and for
 * a live listing (findPublicListing finds those).
 */
export async function findUnpublishedListing(db: Executor, viewer: { id: string; isAdmin: boolean } | null | undefined, type: ListingType, key: string): Promise<ListingWithRelations | undefined> {
  if (!viewer) return undefined;
  const parsed = isSearchable(key) ? parseListingKey(key) : undefined;
  if (!parsed) return undefined;
  const match = 'id' in parsed ? eq(listings.id, parsed.id) : eq(listings.slug, parsed.slug);
  const found = await findListing(db, and(eq(listings.type, type), ne(listings.status, 'approved'), match));
  return found && (viewer.isAdmin || found.listing.providerId === viewer.id) ? found : undefined;
}

/**
 * The client asks the meta API with a category's id, while the category page's address holds its
 * slug (and the page looks it up by slug alone), hence `slugOnly`. Should a slug be all digits,
 * the category with that id wins; without a type, the oldest category does, as on the page.
 */
export async function findPublicCategory(db: Executor, key: string, type: ListingType | undefined, slugOnly = false) {
  if (!isSearchable(key)) return undefined;
  const byId = !slugOnly && /^\d{1,9}$/.test(key);
  const rows = await db
    .select()
    .from(categories)
    .where(and(byId ? or(eq(categories.id, Number(key)), eq(categories.slug, key)) : eq(categories.slug, key), type ? eq(categories.type, type) : undefined))
    .orderBy(...(byId ? [desc(sql`${categories.id} = ${Number(key)}`)] : []), asc(categories.id))
    .limit(1);
  return rows[0];
}

/** The profile GET /api/providers/{id or slug} shows: the same rule decides who has a public page. */
export async function findPublicProvider(db: Executor, key: string) {
  return isSearchable(key) ? findProfile(db, key) : undefined;
}
