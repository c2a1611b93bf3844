import type { Executor } from '../../../db/client';
import type { ProgrammeRow } from '../../../db/partner-programme-terms';
import type { ListingSummary } from '../../../shared/types';
import { toListingSummaryJson } from '../listings/listing-json';
import type { ListingSummaryWithRelations } from '../listings/listings.queries';
import { withGrants } from './programme-grants';
import { type ProgrammeViewer, toProgrammeJson, viewerRole } from './programme-json';

type Viewer = ProgrammeViewer;

/**
 * The cards of a page for a signed-in reader: the grants of their approved partner applications
 * are read first (one query, and only when a card's programme has terms on request), then the
 * cards as listingCards makes them.
 */
export async function listingCardsFor(db: Executor, viewer: Viewer, rows: readonly ListingSummaryWithRelations[], now = new Date()): Promise<ListingSummary[]> {
  const onRequest = rows.filter((row) => row.programme?.visibility === 'on_request').map((row) => row.listing.id);
  return listingCards(await withGrants(db, viewer, onRequest), rows, now);
}

/**
 * The cards of a page of listings: each listing's summary with its partner programme (null: none),
 * read with the page (selectListingSummaries), the numbers left out for this viewer where its
 * visibility says so. Lists cached for every visitor pass no viewer. Each summary is fresh and is
 * completed in place: a copy spread with one more key cost V8 a few microseconds a card
 * (programme-json.ts, termsAsSeen).
 */
export function listingCards(viewer: Viewer, rows: readonly ListingSummaryWithRelations[], now = new Date()): ListingSummary[] {
  return rows.map((row) => {
    const item = toListingSummaryJson(row);
    item.partner = row.programme ? programmeCard(viewer, item, row.programme, now) : null;
    return item;
  });
}

function programmeCard(viewer: Viewer, item: ListingSummary, row: ProgrammeRow, now: Date): ListingSummary['partner'] {
  const listing = { id: item.id, type: item.type, slug: item.slug, title: item.title, status: item.status, providerId: item.provider?.id ?? '', price: item.price, priceType: item.priceType };
  const full = toProgrammeJson(row, listing, viewerRole(viewer, listing), null, now);
  return {
    types: full.types,
    visibility: full.visibility,
    numbersHidden: full.numbersHidden,
    margin: full.figures.margin,
    earningsPerClientMonth: full.figures.earningsPerClientMonth,
    commissionType: full.commissionType,
    commissionValue: full.commissionValue,
    commissionMonths: full.commissionMonths,
    commitmentMonths: full.commitmentMonths,
    priceUnit: full.priceUnit,
    verifiedAt: full.verifiedAt,
    stale: full.stale,
  };
}
