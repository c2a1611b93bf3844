import { refreshProgrammeCaches } from '../../../db/partner-programme-caches';
import { and, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { partnerProgrammeProposals } from '../../../db/schema/partner-programmes';
import type { Executor } from '../../../db/client';
import { listings, type PendingListingChanges } from '../../../db/schema/listings';
import type { ListingType } from '../../../shared/types';
import { AppError } from '../../lib/app-error';
import { deleteScreenshots } from '../screenshots/screenshots.queries';
import type { ListingRow } from './listings.queries';
import { listingRowColumns } from '../../../db/listing-columns';

/**
 * Moderation of listings (docs/decisions/edits-of-live-listings.md). Two things can await an
 * administrator: a listing that is not live yet (status 'pending'), and an edit of a live listing
 * (status 'approved' with pendingChanges). Approving or rejecting handles either; a proposed change
 * of the listing's partner programme is decided by the same approve or reject (admin-moderation.service.ts).
 */

const rowColumns = listingRowColumns;

/**
 * The listings an administrator has to look at: new or resubmitted ones, proposed edits of live
 * ones, and live ones whose provider proposed a change of the partner programme (a turned-down
 * proposal stays only to tell the provider why).
 */
export function awaitingReview(): SQL {
  const programmeProposed = sql`exists (select 1 from ${partnerProgrammeProposals} where ${partnerProgrammeProposals.listingId} = ${listings.id} and ${partnerProgrammeProposals.rejectionReason} is null)`;
  return or(eq(listings.status, 'pending'), isNotNull(listings.pendingChanges), programmeProposed)!;
}

/** Applies what a provider proposed for a live listing to its live fields. */
export function pendingChangesToColumns(live: ListingRow, changes: PendingListingChanges) {
  const urlChanged = changes.websiteUrl !== live.websiteUrl;
  return {
    title: changes.title,
    description: changes.description,
    shortDescription: changes.shortDescription,
    categoryId: changes.categoryId,
    price: changes.price,
    priceType: changes.priceType,
    deliveryTime: changes.deliveryTime,
    tags: changes.tags,
    features: changes.features,
    websiteUrl: changes.websiteUrl,
    // The old screenshot shows the old address; take the new one if the job already made it.
    ...(urlChanged && { screenshotUrl: changes.screenshotUrl ?? null }),
  };
}

async function lockListing(db: Executor, type: ListingType, id: number): Promise<ListingRow> {
  const [row] = await db
    .select(rowColumns)
    .from(listings)
    .where(and(eq(listings.type, type), eq(listings.id, id)))
    .limit(1)
    .for('update');
  if (!row) throw AppError.notFound(type === 'tools' ? 'Tool not found' : 'Service not found');
  return row;
}

async function updateRow(db: Executor, id: number, changes: Partial<typeof listings.$inferInsert>): Promise<ListingRow> {
  const [row] = await db
    .update(listings)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(listings.id, id))
    .returning(rowColumns);
  // The programme's cached margin and earnings follow the listing's price (the retail price when none is suggested).
  if ('price' in changes || 'priceType' in changes) await refreshProgrammeCaches(db, id);
  return row!;
}

/**
 * pending -> approved; approved with pendingChanges -> the changes go live and are cleared.
 * Anything else answers 409; a missing listing 404.
 */
export async function approveListing(db: Executor, type: ListingType, id: number): Promise<ListingRow> {
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, type, id);
    if (listing.status === 'pending') {
      return updateRow(tx, id, { status: 'approved', rejectionReason: null, pendingChanges: null });
    }
    if (listing.status === 'approved' && listing.pendingChanges) {
      const changes = pendingChangesToColumns(listing, listing.pendingChanges);
      const approved = await updateRow(tx, id, { ...changes, rejectionReason: null, pendingChanges: null });
      if ('screenshotUrl' in changes) await deleteScreenshots(tx, [listing.screenshotUrl]);
      return approved;
    }
    throw AppError.conflict('Only pending items can be approved');
  });
}

/**
 * pending -> rejected with the reason; approved with pendingChanges -> the proposal is discarded,
 * the live version stays, and the reason is kept so the provider learns why. Anything else 409.
 */
export async function rejectListing(db: Executor, type: ListingType, id: number, reason: string | null): Promise<ListingRow> {
  const rejectionReason = reason?.trim() ? reason.trim() : null;
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, type, id);
    if (listing.status === 'pending') {
      return updateRow(tx, id, { status: 'rejected', rejectionReason, pendingChanges: null });
    }
    if (listing.status === 'approved' && listing.pendingChanges) {
      const rejected = await updateRow(tx, id, { rejectionReason, pendingChanges: null });
      if (listing.pendingChanges.screenshotUrl !== listing.screenshotUrl) await deleteScreenshots(tx, [listing.pendingChanges.screenshotUrl]);
      return rejected;
    }
    throw AppError.conflict('Only pending items can be rejected');
  });
}
