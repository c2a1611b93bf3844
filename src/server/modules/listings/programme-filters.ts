import { and, arrayContains, arrayOverlaps, desc, eq, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import { listings } from '../../../db/schema/listings';
import type { TermsVisibility } from '../../../shared/partner-programme-values';
import type { ListingQuery, ListingSort } from '../../../shared/schemas/listing-query';
import type { Executor } from '../../../db/client';
import type { Page } from './listings.queries';

/**
 * The partner-programme filters and sorts of the catalogue (docs/decisions/partner-programme-filters.md).
 * A filter is one `exists` on the listing's programme (keyed by the listing), in the same WHERE as
 * the listing's own filters, so every list and search path takes it as it takes them. Margin and
 * earnings are the programme's cached figures, and only programmes whose numbers `numbersFor`
 * holds count for them: a visitor's "at least 40 % margin" never tells apart a members-only
 * programme at 45 % from one at 20 %.
 */

/** Whose numbers a viewer may filter and sort by: visitors public ones, members members' too, administrators all. */
export function numbersVisibleTo(viewer: { isAdmin: boolean } | null): TermsVisibility[] {
  if (!viewer) return ['public'];
  return viewer.isAdmin ? ['public', 'members', 'on_request'] : ['public', 'members'];
}

const programmeKeys = ['programme', 'whiteLabel', 'minMargin', 'maxCommitment', 'billing', 'trial', 'territory', 'verified', 'sort'] as const satisfies readonly (keyof ListingQuery)[];

/** Whether the query asks anything of the programme. */
export const asksProgramme = (query: ListingQuery): boolean => programmeKeys.some((key) => query[key] !== undefined);

const p = partnerProgrammes;

/** The column a sort orders by, highest first; margin and earnings only where the viewer sees the numbers. */
function sortColumn(sort: ListingSort) {
  return sort === 'margin' ? p.marginPercent : sort === 'earnings' ? p.earningsPerClient : p.verifiedAt;
}

function sortable(sort: ListingSort, numbersFor: TermsVisibility[]): SQL {
  const column = sortColumn(sort);
  return sort === 'verified' ? isNotNull(column) : and(isNotNull(column), inArray(p.visibility, numbersFor))!;
}

/** The conditions on the programme itself; undefined when the query asks none. */
function programmeConditions(query: ListingQuery, numbersFor: TermsVisibility[]): SQL | undefined {
  if (!asksProgramme(query)) return undefined;
  return and(
    query.programme === undefined ? undefined : arrayOverlaps(p.types, query.programme),
    query.whiteLabel === undefined ? undefined : query.whiteLabel === 'full' ? eq(p.whiteLabelLevel, 'full') : inArray(p.whiteLabelLevel, ['full', 'partial']),
    query.minMargin === undefined ? undefined : and(gte(p.marginPercent, query.minMargin), inArray(p.visibility, numbersFor)),
    query.maxCommitment === undefined ? undefined : lte(p.commitmentMonths, query.maxCommitment),
    query.billing === undefined ? undefined : eq(p.billingModel, query.billing),
    query.trial === undefined ? undefined : or(sql`${p.trialDays} > 0`, sql`${p.internalUseSeats} > 0`),
    // An empty list is worldwide. Compared with the empty array (every empty array is equal),
    // not by its cardinality: the planner then reads the column's statistics (half the
    // programmes are worldwide) where it took 0.5 % for the function, and drove a search's read
    // from the programmes through every matching listing's row.
    query.territory === undefined ? undefined : or(sql`${p.territories} = '{}'::text[]`, arrayContains(p.territories, [query.territory])),
    query.verified === undefined ? undefined : isNotNull(p.verifiedAt),
    query.sort === undefined ? undefined : sortable(query.sort, numbersFor),
  );
}

/** The filter of the listing's programme, for catalogueWhere: undefined when none is asked. */
export function programmeWhere(query: ListingQuery, numbersFor: TermsVisibility[]): SQL | undefined {
  const conditions = programmeConditions(query, numbersFor);
  return conditions && sql`exists (select 1 from ${p} where ${p.listingId} = ${listings.id} and ${conditions})`;
}

/**
 * One page of a sorted list: walked from the programme's side through the figure's index
 * (partner_programmes_margin_idx, _earnings_idx, _newest_verified_idx), highest first, each
 * programme's listing read by its key and tested against the list's filters, until the page is
 * full; then the newest listing among equal figures. Only listings that have the figure are in a
 * sorted list (programmeWhere), so no row sorts on a null.
 */
export async function findSortedPageIds(db: Executor, where: SQL, sort: ListingSort, numbersFor: TermsVisibility[], page: Page): Promise<number[]> {
  const column = sortColumn(sort);
  const rows = await db
    .select({ id: listings.id })
    .from(p)
    .innerJoin(listings, eq(listings.id, p.listingId))
    .where(and(where, sortable(sort, numbersFor)))
    .orderBy(sql`${column} desc nulls last`, desc(listings.createdAt), desc(listings.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => row.id);
}
