import { refreshProgrammeCaches } from '../../../db/partner-programme-caches';
import { and, count, desc, eq, like, ne, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import type { ListingStatus, ListingType } from '../../../shared/types';
import type { ListingWithRelations } from '../listings/listings.queries';
import { type ListingRow, selectListings } from '../listings/listings.queries';
import { deleteScreenshots } from '../screenshots/screenshots.queries';
import { listingRowColumns } from '../../../db/listing-columns';

const rowColumns = listingRowColumns;

export type NewListingRow = typeof listings.$inferInsert;

export async function lockListingRow(db: Executor, type: ListingType, id: number): Promise<ListingRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(listings)
    .where(and(eq(listings.type, type), eq(listings.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertListing(db: Executor, row: NewListingRow): Promise<ListingRow> {
  return (await db.insert(listings).values(row).returning(rowColumns))[0]!;
}

export async function updateListingRow(db: Executor, id: number, changes: Partial<NewListingRow>): Promise<ListingRow> {
  const row = (await db.update(listings).set({ ...changes, updatedAt: new Date() }).where(eq(listings.id, id)).returning(rowColumns))[0]!;
  // The programme's cached margin and earnings follow the listing's price (the retail price when none is suggested).
  if ('price' in changes || 'priceType' in changes) await refreshProgrammeCaches(db, id);
  return row;
}

/** Deletes the listing and the screenshots taken for it (live and proposed); nothing else refers to them. */
export async function deleteListingRow(db: Executor, listing: Pick<ListingRow, 'id' | 'screenshotUrl' | 'pendingChanges'>) {
  await db.delete(listings).where(eq(listings.id, listing.id));
  await deleteScreenshots(db, [listing.screenshotUrl, listing.pendingChanges?.screenshotUrl]);
}

export async function findCategoryType(db: Executor, id: number): Promise<ListingType | undefined> {
  const [row] = await db.select({ type: categories.type }).from(categories).where(eq(categories.id, id)).limit(1);
  return row?.type;
}

/** Slugs of this type that are `base` or `base-<anything>`: the candidates a new slug must avoid. */
export async function findSimilarSlugs(db: Executor, type: ListingType, base: string, exceptId?: number): Promise<Set<string>> {
  const rows = await db
    .select({ slug: listings.slug })
    .from(listings)
    .where(
      and(
        eq(listings.type, type),
        or(eq(listings.slug, base), like(listings.slug, `${base}-%`)),
        exceptId === undefined ? undefined : ne(listings.id, exceptId),
      ),
    );
  return new Set(rows.map((row) => row.slug));
}

export async function findListingWithRelations(db: Executor, id: number): Promise<ListingWithRelations> {
  const [row] = await selectListings(db).where(eq(listings.id, id)).limit(1);
  return row as ListingWithRelations;
}

/** One page of a provider's own listings, newest first, and how many there are in all. */
export async function listProviderListings(
  db: Executor,
  providerId: string,
  filter: { status?: ListingStatus; type?: ListingType; limit: number; offset: number },
): Promise<{ rows: ListingWithRelations[]; total: number }> {
  const where: SQL | undefined = and(
    eq(listings.providerId, providerId),
    filter.status ? eq(listings.status, filter.status) : undefined,
    filter.type ? eq(listings.type, filter.type) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    selectListings(db).where(where).orderBy(desc(listings.createdAt), desc(listings.id)).limit(filter.limit).offset(filter.offset),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  return { rows: rows as ListingWithRelations[], total: totals?.total ?? 0 };
}
