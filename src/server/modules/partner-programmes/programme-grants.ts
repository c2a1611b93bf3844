import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { partnerApplications } from '../../../db/schema/partner-applications';
import type { ProgrammeViewer } from './programme-json';

/**
 * The listings among `listingIds` whose programme granted this member its terms: an approved
 * partner application (docs/decisions/partner-applications.md), read from the same database as
 * the page it is for (a replica is at most a moment behind the approval).
 */
async function grantedListings(db: Executor, memberId: string, listingIds: readonly number[]): Promise<Set<number>> {
  if (listingIds.length === 0) return new Set();
  const rows = await db
    .select({ listingId: partnerApplications.listingId })
    .from(partnerApplications)
    .where(and(eq(partnerApplications.applicantId, memberId), eq(partnerApplications.status, 'approved'), inArray(partnerApplications.listingId, [...listingIds])));
  return new Set(rows.map((row) => row.listingId));
}

/**
 * The viewer with the grants they hold among these listings, for `viewerRole`. A visitor and an
 * administrator need none (a visitor never sees terms on request, an administrator always does),
 * so nothing is read for them; nor when no listing asked about has a programme that hides numbers.
 */
export async function withGrants<V extends ProgrammeViewer>(db: Executor, viewer: V, listingIds: readonly number[]): Promise<V> {
  if (!viewer || viewer.isAdmin || listingIds.length === 0) return viewer;
  return { ...viewer, partnerOf: await grantedListings(db, viewer.id, listingIds) };
}
