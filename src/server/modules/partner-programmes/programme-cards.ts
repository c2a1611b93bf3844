import { inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import type { ListingSummary } from '../../../shared/types';
import { toProgrammeJson, viewerRole } from './programme-json';

type Viewer = { id: string; isAdmin: boolean } | null;

/**
 * Adds each card's partner programme (null: none) to a page of listing summaries, in one read by
 * primary key, with the numbers left out for this viewer where its visibility says so. Lists
 * cached for every visitor pass no viewer.
 */
export async function withProgrammeCards(db: Executor, viewer: Viewer, items: ListingSummary[], now = new Date()): Promise<ListingSummary[]> {
  if (items.length === 0) return items;
  const rows = await db.select().from(partnerProgrammes).where(inArray(partnerProgrammes.listingId, items.map((item) => item.id)));
  const byListing = new Map(rows.map((row) => [row.listingId, row]));
  return items.map((item) => {
    const row = byListing.get(item.id);
    if (!row) return { ...item, partner: null };
    const listing = { id: item.id, type: item.type, slug: item.slug, title: item.title, status: item.status, providerId: item.provider?.id ?? '', price: item.price, priceType: item.priceType };
    const full = toProgrammeJson(row, listing, viewerRole(viewer, listing), null, now);
    return {
      ...item,
      partner: {
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
      },
    };
  });
}
