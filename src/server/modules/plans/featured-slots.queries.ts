import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { featuredSlots } from '../../../db/schema/plans';

/**
 * Whether the listing being written fills a featured slot; with `featured_by_editor` it makes
 * `is_featured`, the one column the reads order by (docs/decisions/featured-slots.md). Evaluate it
 * in a statement after the listing's row is locked, so it sees a slot filled or freed just before.
 */
export const fillsSlot = sql`exists (select 1 from ${featuredSlots} where ${featuredSlots.listingId} = ${listings.id})`;

/** Sets `is_featured` again from the editors' pick and the slots, for listings whose slot was filled, freed or ended. */
export async function refreshShownFeatured(db: Executor, listingIds: number[]) {
  if (listingIds.length === 0) return;
  await db
    .update(listings)
    .set({ isFeatured: sql`${listings.featuredByEditor} or ${fillsSlot}` })
    .where(inArray(listings.id, listingIds));
}

/** The provider's slots, the oldest first, with the listing each one features. */
export function listProviderSlots(db: Executor, providerId: string) {
  return db
    .select({ listingId: featuredSlots.listingId, endsAt: featuredSlots.endsAt, createdAt: featuredSlots.createdAt, type: listings.type, slug: listings.slug, title: listings.title, status: listings.status })
    .from(featuredSlots)
    .innerJoin(listings, eq(listings.id, featuredSlots.listingId))
    .where(eq(featuredSlots.providerId, providerId))
    .orderBy(asc(featuredSlots.createdAt), asc(featuredSlots.listingId));
}

/** The listing's row, locked until the transaction ends: a slot and an administrator's featuring of it are written one at a time. */
export async function lockListingForFeaturing(db: Executor, listingId: number) {
  const [row] = await db
    .select({ id: listings.id, type: listings.type, title: listings.title, providerId: listings.providerId, status: listings.status, featuredByEditor: listings.featuredByEditor })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('update');
  return row;
}

export async function findSlot(db: Executor, listingId: number) {
  const [row] = await db.select().from(featuredSlots).where(eq(featuredSlots.listingId, listingId));
  return row;
}

export async function insertSlot(db: Executor, providerId: string, listingId: number) {
  await db.insert(featuredSlots).values({ providerId, listingId });
  await refreshShownFeatured(db, [listingId]);
}

export async function deleteSlot(db: Executor, listingId: number) {
  await db.delete(featuredSlots).where(eq(featuredSlots.listingId, listingId));
  await refreshShownFeatured(db, [listingId]);
}

/**
 * Removes the slots whose end has come and stops featuring their listings (the editors' pick
 * stays). The listings are locked first, in id order, so an administrator's featuring of one
 * waits or is waited for. Returns how many slots ended.
 */
export async function endDueSlots(db: Executor, now: Date): Promise<number> {
  const due = await db
    .select({ listingId: featuredSlots.listingId })
    .from(featuredSlots)
    .where(lte(featuredSlots.endsAt, now))
    .orderBy(asc(featuredSlots.listingId));
  if (due.length === 0) return 0;
  const ids = due.map((slot) => slot.listingId);
  await db.select({ id: listings.id }).from(listings).where(inArray(listings.id, ids)).orderBy(asc(listings.id)).for('update');
  const ended = await db
    .delete(featuredSlots)
    .where(and(inArray(featuredSlots.listingId, ids), lte(featuredSlots.endsAt, now)))
    .returning({ listingId: featuredSlots.listingId });
  await refreshShownFeatured(db, ended.map((slot) => slot.listingId));
  return ended.length;
}

/**
 * A downgrade takes nothing down at once: the provider's slots beyond the new grant (the newest
 * first) are given an end, the old period's, and stay featured until then.
 */
export async function endFeaturedBeyondGrant(db: Executor, providerId: string, grant: number, endsAt: Date) {
  const open = await db
    .select({ listingId: featuredSlots.listingId })
    .from(featuredSlots)
    .where(and(eq(featuredSlots.providerId, providerId), isNull(featuredSlots.endsAt)))
    .orderBy(desc(featuredSlots.createdAt), desc(featuredSlots.listingId));
  const beyond = open.slice(Math.max(0, grant)).map((slot) => slot.listingId);
  if (beyond.length === 0) return;
  await db
    .update(featuredSlots)
    .set({ endsAt })
    .where(sql`${featuredSlots.listingId} in (${sql.join(beyond.map((id) => sql`${id}`), sql`, `)})`);
}
