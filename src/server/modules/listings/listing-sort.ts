import { and, asc, desc, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { listings } from '../../../db/schema/listings';
import type { ListingSort } from '../../../shared/listing-sorts';
import type { TermsVisibility } from '../../../shared/partner-programme-values';

/**
 * The catalogue's sorts (src/shared/listing-sorts.ts) as SQL: each sort's order, then the newest
 * listing, then the id, so pages never overlap. Each has an index on listings that holds the
 * type, the status and the figure in that order (schema/listings.ts), which PostgreSQL walks
 * until the page is full.
 */
const l = listings;

const orders: Record<ListingSort, () => SQL[]> = {
  // Nulls last, as their indexes hold them (a sorted list holds none: sortWhere).
  margin: () => [sql`${l.programmeMarginPercent} desc nulls last`],
  earnings: () => [sql`${l.programmeEarningsPerClient} desc nulls last`],
  verified: () => [sql`${l.programmeVerifiedAt} desc nulls last`],
  rating: () => [desc(l.rating), desc(l.reviewCount)],
  reviews: () => [desc(l.reviewCount), desc(l.rating)],
  // Lowest first; a listing without a price ("Contact for pricing") is left out of a price sort.
  price: () => [asc(l.price)],
};

export const sortOrder = (sort: ListingSort): SQL[] => [...orders[sort](), desc(l.createdAt), desc(l.id)];

/**
 * Which listings a sorted list holds: those that have the figure, and for margin and earnings only
 * those whose numbers the viewer may see, so no row sorts on a null or a hidden number.
 */
export function sortWhere(sort: ListingSort, numbersFor: TermsVisibility[]): SQL | undefined {
  // A figure of the programme implies one: said too, the predicate of the programme indexes.
  if (sort === 'margin') return and(isNotNull(l.programmeTypes), isNotNull(l.programmeMarginPercent), inArray(l.programmeVisibility, numbersFor));
  if (sort === 'earnings') return and(isNotNull(l.programmeTypes), isNotNull(l.programmeEarningsPerClient), inArray(l.programmeVisibility, numbersFor));
  if (sort === 'verified') return and(isNotNull(l.programmeTypes), isNotNull(l.programmeVerifiedAt));
  if (sort === 'price') return isNotNull(l.price);
  return undefined;
}
