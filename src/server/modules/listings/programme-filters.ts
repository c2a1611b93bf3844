import { and, arrayContains, arrayOverlaps, eq, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { listings } from '../../../db/schema/listings';
import type { TermsVisibility } from '../../../shared/partner-programme-values';
import type { ListingQuery } from '../../../shared/schemas/listing-query';

/**
 * The partner-programme filters of the catalogue (docs/decisions/partner-programme-filters.md).
 * They test the copies of the programme on the listing's row (listings.programme_*, written by a
 * trigger on partner_programmes), in the same WHERE as the listing's own filters, so the planner
 * has their statistics and indexes. Each is false without a programme. Margin and earnings are
 * the programme's cached figures, and only programmes whose numbers `numbersFor` holds count for
 * them: a visitor's "at least 40 % margin" never tells apart a members-only programme at 45 %
 * from one at 20 %.
 */

/** Whose numbers a viewer may filter and sort by: visitors public ones, members members' too, administrators all. */
export function numbersVisibleTo(viewer: { isAdmin: boolean } | null): TermsVisibility[] {
  if (!viewer) return ['public'];
  return viewer.isAdmin ? ['public', 'members', 'on_request'] : ['public', 'members'];
}

const programmeKeys = ['programme', 'whiteLabel', 'minMargin', 'maxCommitment', 'billing', 'trial', 'territory', 'verified'] as const satisfies readonly (keyof ListingQuery)[];

/** Whether the query filters by anything of the programme. */
export const asksProgramme = (query: ListingQuery): boolean => programmeKeys.some((key) => query[key] !== undefined);

const l = listings;

/** The filter of the listing's programme, for catalogueWhere: undefined when none is asked. */
export function programmeWhere(query: ListingQuery, numbersFor: TermsVisibility[]): SQL | undefined {
  if (!asksProgramme(query)) return undefined;
  return and(
    // Says the listing has a programme: the predicate of the programme indexes.
    isNotNull(l.programmeTypes),
    query.programme === undefined ? undefined : arrayOverlaps(l.programmeTypes, query.programme),
    query.whiteLabel === undefined ? undefined : query.whiteLabel === 'full' ? eq(l.programmeWhiteLabelLevel, 'full') : inArray(l.programmeWhiteLabelLevel, ['full', 'partial']),
    query.minMargin === undefined ? undefined : and(gte(l.programmeMarginPercent, query.minMargin), inArray(l.programmeVisibility, numbersFor)),
    query.maxCommitment === undefined ? undefined : lte(l.programmeCommitmentMonths, query.maxCommitment),
    query.billing === undefined ? undefined : eq(l.programmeBillingModel, query.billing),
    query.trial === undefined ? undefined : eq(l.programmeTrial, true),
    // An empty list is worldwide. Compared with the empty array, not by its cardinality: the
    // planner then reads the column's statistics.
    query.territory === undefined ? undefined : or(sql`${l.programmeTerritories} = '{}'::text[]`, arrayContains(l.programmeTerritories, [query.territory])),
    query.verified === undefined ? undefined : isNotNull(l.programmeVerifiedAt),
  );
}
