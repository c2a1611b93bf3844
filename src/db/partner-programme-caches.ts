import { eq, isNull } from 'drizzle-orm';
import { earningsPerClientMonth, marginPercent, retailPrice, whiteLabelLevel, type PriceUnit } from '../shared/partner-figures';
import type { PartnerProgrammeTerms } from '../shared/schemas/partner-programme';
import type { Executor } from './client';
import { type ProgrammeRow, rowToTerms } from './partner-programme-terms';
import { listings } from './schema/listings';
import { partnerProgrammes } from './schema/partner-programmes';

/** What a cache depends on besides the terms: the listing's price, the retail price when none is suggested. */
export type PricedListing = { price: string | null; priceType: PriceUnit };

/**
 * The cached figures of a programme (schema/partner-programmes.ts): margin, earnings per client
 * and white-label level, computed from the whole terms by the functions the answers use; the
 * trigger of migration programme-columns-on-listings copies them, with what the filters test,
 * onto the listing's row. Who may see them is decided when they are read, never here.
 */
export function programmeCaches(terms: PartnerProgrammeTerms, listing: PricedListing) {
  const input = { ...terms, listingPrice: listing.price, priceUnit: listing.priceType };
  const wholesale = terms.wholesalePrice === null ? null : Number(terms.wholesalePrice);
  return {
    marginPercent: marginPercent(retailPrice(input), wholesale),
    earningsPerClient: earningsPerClientMonth(input)?.perClientMonth ?? null,
    whiteLabelLevel: whiteLabelLevel(terms.whiteLabel),
  };
}

/** Recomputes the caches of one listing's programme (after its price changed); nothing when it has none. */
export async function refreshProgrammeCaches(db: Executor, listingId: number): Promise<void> {
  const [row] = await db
    .select({ programme: partnerProgrammes, price: listings.price, priceType: listings.priceType })
    .from(partnerProgrammes)
    .innerJoin(listings, eq(listings.id, partnerProgrammes.listingId))
    .where(eq(partnerProgrammes.listingId, listingId))
    .limit(1);
  if (!row) return;
  await db.update(partnerProgrammes).set(programmeCaches(rowToTerms(row.programme), row)).where(eq(partnerProgrammes.listingId, listingId));
}

/** Fills the caches of rows written before they existed (a null level), a thousand at a time; run at start-up. */
export async function fillMissingProgrammeCaches(db: Executor): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows: { programme: ProgrammeRow; price: string | null; priceType: PriceUnit }[] = await db
      .select({ programme: partnerProgrammes, price: listings.price, priceType: listings.priceType })
      .from(partnerProgrammes)
      .innerJoin(listings, eq(listings.id, partnerProgrammes.listingId))
      .where(isNull(partnerProgrammes.whiteLabelLevel))
      .limit(1_000);
    if (rows.length === 0) return filled;
    for (const row of rows) {
      await db.update(partnerProgrammes).set(programmeCaches(rowToTerms(row.programme), row)).where(eq(partnerProgrammes.listingId, row.programme.listingId));
    }
    filled += rows.length;
  }
}
