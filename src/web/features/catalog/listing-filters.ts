import { billingModels, marginFloors, programmeTypes, type ProgrammeType } from '../../../shared/partner-programme-values';
import { listingSorts, type ListingSort } from '../../../shared/listing-sorts';
import type { ListingType } from '../../../shared/types';

/**
 * The catalogue's filters (SPEC.md section 9) and how they live in the page's URL, so a filtered
 * page can be linked to, reloaded, and walked through with back and forward.
 */

export const PAGE_SIZE = 24;

export const priceBands = [
  { id: 'under-100', label: 'Under $100', min: 0, max: 100 },
  { id: '100-500', label: '$100 - $500', min: 100, max: 500 },
  { id: '500-2000', label: '$500 - $2,000', min: 500, max: 2000 },
  { id: '2000-plus', label: '$2,000+', min: 2000, max: undefined },
] as const;

export const deliveryBands = [
  { id: '1-3', label: '1-3 days', from: 1, to: 3 },
  { id: '4-7', label: '4-7 days', from: 4, to: 7 },
  { id: '8-14', label: '1-2 weeks', from: 8, to: 14 },
  { id: '15-34', label: '2+ weeks', from: 15, to: 34 },
] as const;

export const minimumRatings = [5, 4, 3] as const;

/** The partner-programme margin floors offered (percent). */
export const minimumMargins = marginFloors;

export type BillingModel = (typeof billingModels)[number];

/** The partner-programme filters, as their URL parameters (the API's own names). */
export type ProgrammeFilters = {
  programme: ProgrammeType[];
  whiteLabel: 'full' | 'partial' | undefined;
  minMargin: number | undefined;
  /** 0: month-to-month only. */
  maxCommitment: number | undefined;
  billing: BillingModel | undefined;
  trial: boolean;
  territory: string | undefined;
  verified: boolean;
  sort: ListingSort | undefined;
};

/** The URL parameters the filters own; anything else in the URL (the category page's ?type=) is left alone. */
const programmeKeys = ['programme', 'whiteLabel', 'minMargin', 'maxCommitment', 'billing', 'trial', 'territory', 'verified', 'sort'] as const;
export const filterKeys = ['search', 'categoryId', 'price', 'delivery', 'rating', ...programmeKeys, 'page'] as const;

/** The parameters the filter panel's form sets (the search box, the sort and the pages have their own). */
export const filterFormKeys = ['categoryId', 'price', 'delivery', 'rating', ...programmeKeys.filter((key) => key !== 'sort')] as const;

export type PriceBandId = (typeof priceBands)[number]['id'];
export type DeliveryBandId = (typeof deliveryBands)[number]['id'];
export type MinimumRating = (typeof minimumRatings)[number];

export type ListingFilters = ProgrammeFilters & {
  search: string;
  categoryId: number | undefined;
  price: PriceBandId | undefined;
  delivery: DeliveryBandId[];
  rating: MinimumRating | undefined;
  /** 1-based. */
  page: number;
};

const isPriceBand = (value: string | null): value is PriceBandId => priceBands.some((band) => band.id === value);
const isDeliveryBand = (value: string): value is DeliveryBandId => deliveryBands.some((band) => band.id === value);

function positiveInteger(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 && Number.isSafeInteger(number) ? number : undefined;
}

const isOn = (value: string | null) => value === '1' || value === 'true';
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((allowed) => allowed === value);

/** The partner-programme filters of the URL; values nobody could have meant are ignored. */
export function programmeFiltersFromParams(params: URLSearchParams): ProgrammeFilters {
  const margin = Number(params.get('minMargin') ?? '');
  const commitment = params.get('maxCommitment');
  const territory = params.get('territory')?.trim().toUpperCase() ?? '';
  return {
    programme: [...new Set(params.getAll('programme').flatMap((value) => value.split(',')))].filter((type): type is ProgrammeType => programmeTypes.includes(type as ProgrammeType)),
    whiteLabel: oneOf(['full', 'partial'] as const, params.get('whiteLabel')),
    minMargin: params.get('minMargin') && Number.isFinite(margin) && margin >= 0 && margin <= 100 ? margin : undefined,
    maxCommitment: commitment !== null && /^\d{1,2}$/.test(commitment) && Number(commitment) <= 60 ? Number(commitment) : undefined,
    billing: oneOf(billingModels, params.get('billing')),
    trial: isOn(params.get('trial')),
    territory: /^[A-Z]{2}$/.test(territory) ? territory : undefined,
    verified: isOn(params.get('verified')),
    sort: oneOf(listingSorts, params.get('sort')),
  };
}

/** Reads the filters from the URL, ignoring values nobody could have meant (a hand-edited link, say). */
export function filtersFromParams(params: URLSearchParams): ListingFilters {
  const price = params.get('price');
  const rating = positiveInteger(params.get('rating'));
  return {
    ...programmeFiltersFromParams(params),
    search: params.get('search')?.trim() ?? '',
    categoryId: positiveInteger(params.get('categoryId')),
    price: isPriceBand(price) ? price : undefined,
    // Comma-joined in the links the script writes; repeated (delivery=1-3&delivery=4-7) from the filter form without it.
    delivery: [...new Set(params.getAll('delivery').flatMap((value) => value.split(',')))].filter(isDeliveryBand),
    rating: minimumRatings.find((allowed) => allowed === rating),
    page: positiveInteger(params.get('page')) ?? 1,
  };
}

/** Writes the filters back into URL parameters; defaults are left out so links stay short. */
export function filtersToParams(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.categoryId) params.set('categoryId', String(filters.categoryId));
  if (filters.price) params.set('price', filters.price);
  if (filters.delivery.length > 0) params.set('delivery', filters.delivery.join(','));
  if (filters.rating) params.set('rating', String(filters.rating));
  if (filters.programme.length > 0) params.set('programme', filters.programme.join(','));
  if (filters.whiteLabel) params.set('whiteLabel', filters.whiteLabel);
  if (filters.minMargin !== undefined) params.set('minMargin', String(filters.minMargin));
  if (filters.maxCommitment !== undefined) params.set('maxCommitment', String(filters.maxCommitment));
  if (filters.billing) params.set('billing', filters.billing);
  if (filters.trial) params.set('trial', '1');
  if (filters.territory) params.set('territory', filters.territory);
  if (filters.verified) params.set('verified', '1');
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** What "Clear all" sets: every filter of the panel off (the search and the sort stay). */
export const noFilters: Partial<ListingFilters> = {
  categoryId: undefined,
  price: undefined,
  delivery: [],
  rating: undefined,
  programme: [],
  whiteLabel: undefined,
  minMargin: undefined,
  maxCommitment: undefined,
  billing: undefined,
  trial: false,
  territory: undefined,
  verified: false,
};

/** True when anything narrows the list (decides which empty message fits). */
export function isFiltered(filters: ListingFilters): boolean {
  return !!(
    filters.search ||
    filters.categoryId ||
    filters.price ||
    filters.delivery.length ||
    filters.rating ||
    filters.programme.length ||
    filters.whiteLabel ||
    filters.minMargin !== undefined ||
    filters.maxCommitment !== undefined ||
    filters.billing ||
    filters.trial ||
    filters.territory ||
    filters.verified
  );
}

/** The query parameters GET /api/tools and /api/services take for these filters and page. */
export function toApiQuery(type: ListingType, filters: ListingFilters) {
  const band = priceBands.find((candidate) => candidate.id === filters.price);
  // Tools have no delivery time, so a delivery filter would hide every tool.
  const days =
    type === 'services'
      ? deliveryBands
          .filter((candidate) => filters.delivery.includes(candidate.id))
          .flatMap((candidate) => Array.from({ length: candidate.to - candidate.from + 1 }, (_, index) => candidate.from + index))
      : [];
  return {
    search: filters.search || undefined,
    categoryId: filters.categoryId,
    minPrice: band?.min,
    maxPrice: band?.max,
    deliveryTime: days.length > 0 ? days.join(',') : undefined,
    rating: filters.rating,
    programme: filters.programme.length > 0 ? filters.programme.join(',') : undefined,
    whiteLabel: filters.whiteLabel,
    minMargin: filters.minMargin,
    maxCommitment: filters.maxCommitment,
    billing: filters.billing,
    trial: filters.trial ? 1 : undefined,
    territory: filters.territory,
    verified: filters.verified ? 1 : undefined,
    sort: filters.sort,
    limit: PAGE_SIZE,
    offset: (filters.page - 1) * PAGE_SIZE,
  };
}
