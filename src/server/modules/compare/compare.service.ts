import type { Executor } from '../../../db/client';
import { canonicalCompareIds } from '../../../shared/compare-ids';
import type { CompareJson } from '../../../shared/schemas/compare';
import { toListingSummaryJson } from '../listings/listing-json';
import type { Viewer } from '../listings/listings.service';
import { withGrants } from '../partner-programmes/programme-grants';
import { toProgrammeJson, viewerRole } from '../partner-programmes/programme-json';
import { findLiveListings, findProgrammesOf } from './compare.queries';

/**
 * A comparison of up to four live listings (`/compare?ids=`): each card and its partner programme
 * as this viewer may see it, the numbers left out exactly as on the listing's own panel. Listings
 * that are not live (or no longer exist) are left out rather than refused, so an old shared link
 * still shows what is left. Always in canonical order (ascending ids), whatever order was asked.
 */
export async function compareListings(db: Executor, viewer: Viewer, idsText: string, now = new Date()): Promise<CompareJson> {
  const ids = canonicalCompareIds(idsText);
  const [rows, programmes] = await Promise.all([findLiveListings(db, ids), findProgrammesOf(db, ids)]);
  const onRequest = [...programmes.values()].filter((row) => row.visibility === 'on_request').map((row) => row.listingId);
  const reader = await withGrants(db, viewer, onRequest);
  const items = rows.map((row) => {
    const listing = toListingSummaryJson(row);
    const programmeRow = programmes.get(listing.id);
    const owner = { id: listing.id, type: listing.type, slug: listing.slug, title: listing.title, status: listing.status, providerId: row.listing.providerId, price: listing.price, priceType: listing.priceType };
    return { listing, programme: programmeRow ? toProgrammeJson(programmeRow, owner, viewerRole(reader, owner), null, now) : null };
  });
  return { ids: items.map((item) => item.listing.id), items };
}
