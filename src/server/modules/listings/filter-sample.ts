import type { ProgrammeType, TermsVisibility } from '../../../shared/partner-programme-values';
import type { ListingQuery } from '../../../shared/schemas/listing-query';
import type { ListingStatus, ListingType } from '../../../shared/types';
import { asksProgramme } from './programme-filters';
import type { MatchEstimate } from './search-slices';

/**
 * How many of a type's listings pass a list's filters, estimated from a sample of the table kept
 * a minute (docs/decisions/search.md, "T comes from an estimate"): the share of the sampled
 * listings of that type and status that pass them, tested here as the filters' SQL tests them
 * (listing-filters.ts). One sample answers every combination of filters, each read costs no
 * statement, and the filters' correlations with the type and with each other come with it
 * (tools cost less than services; a price floor and cap together), where the planner, asked
 * before, took each column alone and cost each filtered search a planning of its own.
 */

/**
 * The copies of a sampled listing's partner programme (listings.programme_*) that the programme
 * filters and sorts test; any of them may be unset. Earnings and verification only count as set
 * or not.
 */
export type SampledProgramme = {
  types: readonly ProgrammeType[];
  visibility: TermsVisibility | null;
  whiteLabelLevel: 'full' | 'partial' | 'none' | null;
  marginPercent: number | null;
  hasEarnings: boolean;
  commitmentMonths: number | null;
  billingModel: string | null;
  trial: boolean | null;
  territories: readonly string[] | null;
  verified: boolean;
};

/** A sampled listing: what the filters test. A price and a delivery time may be unset, and the programme (null: none). */
export type SampledListing = {
  type: ListingType;
  status: ListingStatus;
  price: number | null;
  rating: number;
  deliveryTime: number | null;
  categoryId: number;
  providerId: string;
  programme: SampledProgramme | null;
};

/**
 * The sample, and the category tree (each category's parent) to resolve `categoryId` with.
 * `byTypeAndStatus`: the sampled listings of each type and status (filterSampleOf), grouped once
 * when read: every filtered search tests one group, where picking it out of the whole sample
 * took about as long as testing it.
 */
export type FilterSample = {
  listings: readonly SampledListing[];
  byTypeAndStatus: ReadonlyMap<string, readonly SampledListing[]>;
  parents: ReadonlyMap<number, number | null>;
};

const groupKey = (type: string, status: string) => `${type} ${status}`;

/** A sample of these listings and categories, its listings grouped by type and status. */
export function filterSampleOf(listings: readonly SampledListing[], parents: ReadonlyMap<number, number | null>): FilterSample {
  const byTypeAndStatus = new Map<string, SampledListing[]>();
  for (const listing of listings) {
    const key = groupKey(listing.type, listing.status);
    const group = byTypeAndStatus.get(key);
    if (group) group.push(listing);
    else byTypeAndStatus.set(key, [listing]);
  }
  return { listings, byTypeAndStatus, parents };
}

/**
 * Fewer sampled listings of the type and status than this, and the sample says nothing: the
 * estimate is left as it is, for the whole type (a wider slice or another statement at worst).
 */
const FEWEST_SAMPLED = 50;

/** The category and every category below it, however deep (categoryTree in SQL). */
export function treeOf(parents: ReadonlyMap<number, number | null>, root: number): Set<number> {
  const tree = new Set([root]);
  // A parent listed before its child or after it: repeat until nothing is added (a loop made by mistake ends too).
  for (let added = true; added; ) {
    added = false;
    for (const [id, parent] of parents) {
      if (parent !== null && tree.has(parent) && !tree.has(id)) {
        tree.add(id);
        added = true;
      }
    }
  }
  return tree;
}

/**
 * A `real` column compared with a number: PostgreSQL takes the number as a `real` too (the
 * parameter's type comes from the column), so a margin of 33.3 passes "at least 33.3"; compared
 * as doubles, 33.3 stored as a `real` (33.29999923…) would not.
 */
const asReal = Math.fround;

/**
 * Whether a sampled listing's programme passes the query's programme filters and sort, where it
 * has any (asksProgramme), tested as programmeWhere tests them (programme-filters.ts): they ask
 * for a programme, a comparison with an unset copy is false, and a margin (or a margin or
 * earnings sort) counts only where `numbersFor` holds the programme's visibility: hidden numbers
 * are never filtered by.
 */
function passesProgramme(programme: SampledProgramme | null, query: ListingQuery, numbersFor: readonly TermsVisibility[]): boolean {
  if (programme === null) return false;
  const { whiteLabel, minMargin, maxCommitment, territory, sort } = query;
  const seen = programme.visibility !== null && numbersFor.includes(programme.visibility);
  const level = programme.whiteLabelLevel;
  return (
    (query.programme === undefined || programme.types.some((type) => query.programme!.includes(type))) &&
    (whiteLabel === undefined || level === 'full' || (whiteLabel === 'partial' && level === 'partial')) &&
    (minMargin === undefined || (programme.marginPercent !== null && programme.marginPercent >= asReal(minMargin) && seen)) &&
    (maxCommitment === undefined || (programme.commitmentMonths !== null && programme.commitmentMonths <= maxCommitment)) &&
    (query.billing === undefined || programme.billingModel === query.billing) &&
    (query.trial === undefined || programme.trial === true) &&
    // An empty list of territories is worldwide.
    (territory === undefined || (programme.territories !== null && (programme.territories.length === 0 || programme.territories.includes(territory)))) &&
    (query.verified === undefined || programme.verified) &&
    (sort === undefined ||
      (sort === 'verified' ? programme.verified : seen && (sort === 'margin' ? programme.marginPercent !== null : programme.hasEarnings)))
  );
}

/**
 * The share of the type's listings of `status` passing the query's own filters, from the sample;
 * undefined where the sample holds too few of them. `numbersFor`: as for catalogueWhere.
 */
export function filterShare(
  sample: FilterSample,
  type: ListingType,
  status: string,
  query: ListingQuery,
  numbersFor: readonly TermsVisibility[] = ['public'],
): number | undefined {
  const sampled = sample.byTypeAndStatus.get(groupKey(type, status)) ?? [];
  if (sampled.length < FEWEST_SAMPLED) return undefined;
  const programme = asksProgramme(query);
  const tree = query.categoryId === undefined ? undefined : treeOf(sample.parents, query.categoryId);
  const days = query.deliveryTime && new Set(query.deliveryTime);
  const passes = (listing: SampledListing) =>
    (query.minPrice === undefined || (listing.price !== null && listing.price >= query.minPrice)) &&
    (query.maxPrice === undefined || (listing.price !== null && listing.price <= query.maxPrice)) &&
    (days === undefined || (listing.deliveryTime !== null && days.has(listing.deliveryTime))) &&
    (query.rating === undefined || listing.rating >= asReal(query.rating)) &&
    (query.providerId === undefined || listing.providerId === query.providerId) &&
    (tree === undefined || tree.has(listing.categoryId)) &&
    (!programme || passesProgramme(listing.programme, query, numbersFor));
  return sampled.filter(passes).length / sampled.length;
}

/** The planner's rows: at least one, whole. */
const clampRows = (rows: number) => (rows <= 1 ? 1 : Math.round(rows));

/**
 * A search's estimate for the whole type narrowed to the share of its listings the filters keep,
 * taking the words and the filters as independent, as the planner takes them; `inType`: what it
 * matched in the whole type, which a read of every match gathers from the words' index, unless
 * `filtersInIndex`: the full-text indexes hold every filter too, and it gathers only the matches
 * the filters keep.
 */
export function narrowedEstimate(estimate: MatchEstimate, share: number, filtersInIndex = false): MatchEstimate {
  const scale = (rows: number) => clampRows(rows * share);
  return {
    ...estimate,
    ...(filtersInIndex ? {} : { inType: estimate.likely }),
    listings: scale(estimate.listings),
    matches: scale(estimate.matches),
    likely: estimate.likely * share,
    ...(estimate.each ? { each: estimate.each.map(scale) } : {}),
    ...(estimate.titles === undefined ? {} : { titles: scale(estimate.titles) }),
    ...(estimate.titlesAtMost === undefined ? {} : { titlesAtMost: scale(estimate.titlesAtMost) }),
  };
}
