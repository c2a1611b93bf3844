import { inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { ProgrammeRow } from '../../../db/partner-programme-terms';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import { findListingsInOrder, type ListingSummaryWithRelations } from '../listings/listings.queries';

/** The cards of the live listings among `ids`, in the order of `ids`; others are left out. */
export async function findLiveListings(db: Executor, ids: number[]): Promise<ListingSummaryWithRelations[]> {
  if (ids.length === 0) return [];
  return (await findListingsInOrder(db, ids)).filter((row) => row.listing.status === 'approved');
}

/** The programmes of these listings, by listing id (one read by primary key). */
export async function findProgrammesOf(db: Executor, ids: number[]): Promise<Map<number, ProgrammeRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(partnerProgrammes).where(inArray(partnerProgrammes.listingId, ids));
  return new Map(rows.map((row) => [row.listingId, row]));
}
