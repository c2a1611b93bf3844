import { inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import type { ListingSummary } from '../../../shared/types';
import { toProgrammeJson, viewerRole } from './programme-json';

type Viewer = { id: string; isAdmin: boolean } | null;

/**
 * Adds each card's partner programme (null: none) to a page of listing summaries, in one read by
 * primary key, with the numbers left out for this viewer where its visibility says so. Lists
 * cached for every visitor pass no viewer. The cards are the caller's own fresh page and are
 * completed in place: a copy spread with one more key cost V8 a few microseconds a card
 * (programme-json.ts, termsAsSeen).
 */
export async function withProgrammeCards(db: Executor, viewer: Viewer, items: ListingSummary[], now = new Date()): Promise<ListingSummary[]> {
  if (items.length === 0) return items;
  const rows = await db.select().from(partnerProgrammes).where(inArray(partnerProgrammes.listingId, items.map((item) => item.id)));
  const byListing = new Map(rows.map((row) => [row.listingId, row]));
  for (const item of items) {
    const row = byListing.get(item.id);
    if (!row) {
      item.partner = null;
      continue;
    }
    const listing = { id: item.id, type: item.type, slug: item.slug, title: item.title, status: item.status, providerId: item.provider?.id ?? '', price: item.price, priceType: item.priceType };
    const full = toProgrammeJson(row, listing, viewerRole(viewer, listing), null, now);
    item.partner = {
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
  return items;
}
