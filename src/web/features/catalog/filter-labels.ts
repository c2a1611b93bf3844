import type { BillingModel, MinimumRating, ProgrammeFilters } from './listing-filters';

/**
 * The words of the catalogue's filter choices, written once for the filter panel and for the
 * chips that show what is chosen above the results, so the two always say the same thing.
 */

export const whiteLabelChoices = [
  [undefined, 'Any'],
  ['partial', 'Partial or full'],
  ['full', 'Full'],
] as const satisfies readonly (readonly [ProgrammeFilters['whiteLabel'], string])[];

export const billingChoices = [
  [undefined, 'Any'],
  ['provider_bills_agency', 'You bill your client'],
  ['provider_bills_client', 'The provider bills your client'],
] as const satisfies readonly (readonly [BillingModel | undefined, string])[];

export const ratingLabel = (rating: MinimumRating) => (rating === 5 ? '5 stars' : `${rating}+ stars`);

export const MONTH_TO_MONTH = 'Month-to-month';
export const TRIAL = 'Trial or internal-use seats';
export const VERIFIED_ONLY = 'Verified terms only';

/**
 * What each sort is called in the sort control. The sorts themselves are the ones
 * shared/listing-sorts.ts lists (the API accepts exactly those); one it lists that has no words
 * here yet is still offered, under its own name made readable, rather than left out.
 */
const sortLabels: Record<string, string> = {
  margin: 'Highest margin',
  earnings: 'Highest earnings per client',
  verified: 'Newest verified',
  rating: 'Highest rated',
  reviews: 'Most reviewed',
  price: 'Lowest price',
  'price-asc': 'Lowest price',
  'price-desc': 'Highest price',
};

export function sortLabel(sort: string): string {
  const known = sortLabels[sort];
  if (known) return known;
  const words = sort.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').trim().toLowerCase();
  return `By ${words}`;
}

/** The default order: a search's best matches first, otherwise featured listings, then the newest. */
export const defaultSortLabel = (searching: boolean) => (searching ? 'Best match' : 'Featured, then newest');
