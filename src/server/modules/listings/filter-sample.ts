import type { ListingQuery } from '../../../shared/schemas/listing-query';
import type { ListingStatus, ListingType } from '../../../shared/types';
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

/** A sampled listing: what the filters test. A price and a delivery time may be unset. */
export type SampledListing = {
  type: ListingType;
  status: ListingStatus;
  price: number | null;
  rating: number;
  deliveryTime: number | null;
  categoryId: number;
  providerId: string;
};

/** The sample, and the category tree (each category's parent) to resolve `categoryId` with. */
export type FilterSample = { listings: readonly SampledListing[]; parents: ReadonlyMap<number, number | null> };

/**
 * Fewer sampled listings of the type and status than this, and the sample says nothing: the
 * estimate is left as it is, for the whole type (a wider slice or another statement at worst).
 */
const FEWEST_SAMPLED = 50;

/** The category and every category below it, however deep (categoryTree in SQL). */
function treeOf(parents: ReadonlyMap<number, number | null>, root: number): Set<number> {
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
 * The share of the type's listings of `status` passing the query's own filters, from the sample;
 * undefined where the sample holds too few of them. The partner-programme filters are not in the
 * sample and narrow nothing here.
 */
export function filterShare(sample: FilterSample, type: ListingType, status: string, query: ListingQuery): number | undefined {
  const sampled = sample.listings.filter((listing) => listing.type === type && listing.status === status);
  if (sampled.length < FEWEST_SAMPLED) return undefined;
  const tree = query.categoryId === undefined ? undefined : treeOf(sample.parents, query.categoryId);
  const days = query.deliveryTime && new Set(query.deliveryTime);
  const passes = (listing: SampledListing) =>
    (query.minPrice === undefined || (listing.price !== null && listing.price >= query.minPrice)) &&
    (query.maxPrice === undefined || (listing.price !== null && listing.price <= query.maxPrice)) &&
    (days === undefined || (listing.deliveryTime !== null && days.has(listing.deliveryTime))) &&
    (query.rating === undefined || listing.rating >= query.rating) &&
    (query.providerId === undefined || listing.providerId === query.providerId) &&
    (tree === undefined || tree.has(listing.categoryId));
  return sampled.filter(passes).length / sampled.length;
}

/** The planner's rows: at least one, whole. */
const clampRows = (rows: number) => (rows <= 1 ? 1 : Math.round(rows));

/**
 * A search's estimate for the whole type narrowed to the share of its listings the filters keep,
 * taking the words and the filters as independent, as the planner takes them.
 */
export function narrowedEstimate(estimate: MatchEstimate, share: number): MatchEstimate {
  const scale = (rows: number) => clampRows(rows * share);
  return {
    ...estimate,
    listings: scale(estimate.listings),
    matches: scale(estimate.matches),
    likely: estimate.likely * share,
    ...(estimate.each ? { each: estimate.each.map(scale) } : {}),
    ...(estimate.titles === undefined ? {} : { titles: scale(estimate.titles) }),
    ...(estimate.titlesAtMost === undefined ? {} : { titlesAtMost: scale(estimate.titlesAtMost) }),
  };
}
