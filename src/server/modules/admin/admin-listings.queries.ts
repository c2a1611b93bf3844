import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import type { ListingStatus, ListingType } from '../../../shared/types';
import type { ListingWithRelations } from '../listings/listings.queries';
import { awaitingReview } from '../listings/listing-moderation';
import { selectListings } from '../listings/listings.queries';
import { fillsSlot } from '../plans/featured-slots.queries';
import { deleteScreenshots } from '../screenshots/screenshots.queries';

/** Case-insensitive substring of the title or the description (the admin's search box). */
function matchesText(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(listings.title, pattern), ilike(listings.description, pattern));
}

export async function searchListings(
  db: Executor,
  { type, status, search, limit, offset }: { type: ListingType; status: ListingStatus; search?: string; limit: number; offset: number },
) {
  const where = and(eq(listings.type, type), eq(listings.status, status), matchesText(search));
  const [rows, [total]] = await Promise.all([
    selectListings(db).where(where).orderBy(desc(listings.createdAt), desc(listings.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(listings).where(where),
  ]);
  return { rows: rows as ListingWithRelations[], total: total?.n ?? 0 };
}

/** How many listings of a type each status has, for the filter's labels (the same search applies). */
export async function countByStatus(db: Executor, type: ListingType, search?: string) {
  const rows = await db
    .select({ status: listings.status, n: count() })
    .from(listings)
    .where(and(eq(listings.type, type), matchesText(search)))
    .groupBy(listings.status);
  const counts = { approved: 0, pending: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** Listings waiting for an administrator, oldest first: the one waiting longest is handled first. */
export async function listAwaitingReview(db: Executor, type: ListingType, limit: number, offset: number) {
  const where = and(eq(listings.type, type), awaitingReview());
  const [rows, [total]] = await Promise.all([
    selectListings(db).where(where).orderBy(listings.updatedAt, listings.id).limit(limit).offset(offset),
    db.select({ n: count() }).from(listings).where(where),
  ]);
  return { rows: rows as ListingWithRelations[], total: total?.n ?? 0 };
}

export async function countAwaitingReview(db: Executor, type: ListingType) {
  const [row] = await db.select({ n: count() }).from(listings).where(and(eq(listings.type, type), awaitingReview()));
  return row?.n ?? 0;
}

/**
 * Deletes the listing and the screenshots stored for it (live and proposed), like the provider's
 * own delete: nothing else refers to them. Called inside the service's transaction, so the images
 * go exactly when the listing does.
 */
export async function deleteListingRow(db: Executor, type: ListingType, id: number) {
  const [deleted] = await db
    .delete(listings)
    .where(and(eq(listings.type, type), eq(listings.id, id)))
    .returning({ id: listings.id, title: listings.title, screenshotUrl: listings.screenshotUrl, pendingChanges: listings.pendingChanges });
  if (deleted) await deleteScreenshots(db, [deleted.screenshotUrl, deleted.pendingChanges?.screenshotUrl]);
  return deleted;
}

/**
 * The editors' pick: the listing is shown as featured while it is on, or while it fills a featured
 * slot of its provider's plan (docs/decisions/featured-slots.md); neither clears the other. The row
 * is locked first, so the slot check below sees a slot filled or freed just before.
 */
export async function setFeatured(db: Executor, type: ListingType, id: number, isFeatured: boolean) {
  const where = and(eq(listings.type, type), eq(listings.id, id));
  const [locked] = await db.select({ id: listings.id }).from(listings).where(where).for('update');
  if (!locked) return undefined;
  const [row] = await db
    .update(listings)
    .set({ featuredByEditor: isFeatured, isFeatured: sql`${isFeatured}::boolean or ${fillsSlot}`, updatedAt: new Date() })
    .where(where)
    .returning({ id: listings.id, title: listings.title });
  return row;
}
