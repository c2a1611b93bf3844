import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import { featuredSlots } from '../../../db/schema/plans';
import { users } from '../../../db/schema/users';
import type { ListingType } from '../../../shared/types';
import { listingRowColumns } from '../../../db/listing-columns';

const rowColumns = listingRowColumns;

export type NewListing = typeof listings.$inferInsert;

/** The listings of a type with these slugs; locked when the import will write, so nobody edits them meanwhile. */
export function findListingsBySlug(db: Executor, type: ListingType, slugs: string[], lock: boolean) {
  const query = db
    .select(rowColumns)
    .from(listings)
    .where(and(eq(listings.type, type), inArray(listings.slug, slugs)));
  return lock ? query.for('update') : query;
}

export type ExistingListing = Awaited<ReturnType<typeof findListingsBySlug>>[number];

export const allCategoryKeys = (db: Executor) =>
  db.select({ id: categories.id, type: categories.type, slug: categories.slug }).from(categories);

/** Accounts by e-mail, whatever its case (e-mails are unique regardless of case). */
export const findUsersByEmail = (db: Executor, emails: string[]) =>
  db
    .select({ id: users.id, email: users.email, isProvider: users.isProvider, isAdmin: users.isAdmin })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails.map((email) => email.toLowerCase())));

export async function insertListings(db: Executor, rows: NewListing[]) {
  if (!rows.length) return [];
  return db
    .insert(listings)
    .values(rows.map((row) => ({ ...row, featuredByEditor: row.isFeatured ?? false })))
    .returning({ id: listings.id, slug: listings.slug });
}

export type ListingUpdate = Required<Pick<NewListing, 'title' | 'description' | 'shortDescription' | 'categoryId' | 'price' | 'priceType' | 'deliveryTime' | 'tags' | 'features' | 'websiteUrl' | 'isFeatured' | 'status' | 'providerId'>> & { id: number };

/**
 * Applies many listing edits in one statement: the batch travels as one JSON parameter (no limit
 * on parameters, one round trip). As in the admin dialog, an edit settles an open proposal, a new
 * address drops the old screenshot, and a listing no longer rejected loses its reason.
 */
export async function updateListings(db: Executor, rows: ListingUpdate[]) {
  if (!rows.length) return;
  const values = rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    short_description: row.shortDescription,
    category_id: row.categoryId,
    price: row.price,
    price_type: row.priceType,
    delivery_time: row.deliveryTime,
    tags: row.tags,
    features: row.features,
    website_url: row.websiteUrl,
    is_featured: row.isFeatured,
    status: row.status,
    provider_id: row.providerId,
  }));
  await db.execute(sql`
    update ${listings} as l set
      title = v.title, description = v.description, short_description = v.short_description, category_id = v.category_id,
      price = v.price, price_type = v.price_type, delivery_time = v.delivery_time, tags = v.tags, features = v.features,
      website_url = v.website_url, featured_by_editor = v.is_featured,
      is_featured = v.is_featured or exists (select 1 from ${featuredSlots} where ${featuredSlots.listingId} = l.id), status = v.status, provider_id = v.provider_id,
      rejection_reason = case when v.status = 'rejected' then l.rejection_reason end,
      screenshot_url = case when v.website_url is not distinct from l.website_url then l.screenshot_url end,
      pending_changes = null,
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
      id integer, title text, description text, short_description text, category_id integer, price numeric,
      price_type text, delivery_time integer, tags text[], features text[], website_url text, is_featured boolean,
      status text, provider_id text)
    where l.id = v.id`);
}
