import { z } from 'zod';
import { LIST_RESULTS_WINDOW, SEARCH_MAX_LENGTH, SEARCH_RESULTS_WINDOW } from '../listing-limits';
import { listingSorts, type ListingSort } from '../listing-sorts';
import { billingModels, programmeTypes } from '../partner-programme-values';
import { reviewListFilters } from './review';

export { LIST_RESULTS_WINDOW, SEARCH_MAX_LENGTH, SEARCH_RESULTS_WINDOW };

/**
 * The query strings of the public catalogue reads: GET /api/tools and /api/services (the filters
 * of SPEC.md section 9 plus paging), the featured and trending lists, and a listing's reviews.
 * Query values arrive as text; an empty value (`?minPrice=`) counts as not given.
 */

const LARGEST_ID = 2_147_483_647;
const LARGEST_PRICE = 9_999_999_999.99;
const LARGEST_DELIVERY_DAYS = 3650;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A number from the query string, or undefined when absent or blank. */
const optionalNumber = (name: string, schema: z.ZodNumber) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: `${name} must be a number` }).pipe(schema).optional());

const page = (defaultLimit: number, maxLimit: number) => ({
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(maxLimit, `limit must be at most ${maxLimit}`)
      .default(defaultLimit),
  ),
  offset: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'offset must be a number' })
      .int('offset must be a whole number')
      .min(0, 'offset must not be negative')
      .max(1_000_000, 'offset is too large')
      .default(0),
  ),
});

/** Comma-joined whole days ("1,2,3"), as the delivery filter bands send them. */
const deliveryDays = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{1,4}(,\d{1,4})*$/, 'deliveryTime must be comma-separated whole days')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((days) => days.length <= 366, 'deliveryTime lists too many days')
    .refine((days) => days.every((day) => day >= 1 && day <= LARGEST_DELIVERY_DAYS), 'deliveryTime days must be between 1 and 3650')
    .optional(),
);

/**
 * Free text to search for. Longer input is cut rather than refused: a pasted paragraph still
 * searches for its beginning instead of failing the page.
 */
const search = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'search must be text' })
    .transform((value) => value.trim().slice(0, SEARCH_MAX_LENGTH))
    .optional(),
);

/** A yes-only flag: `1` (or `true`) turns it on, anything blank leaves it off. */
const flag = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .enum(['1', 'true'], { error: `${name} must be 1 when set` })
      .transform(() => true as const)
      .optional(),
  );

/** Comma-joined programme types ("referral,affiliate"): any of them. */
const programmeTypeList = z.preprocess(
  blankToUndefined,
  z
    .string()
    .transform((value) => [...new Set(value.split(',').map((part) => part.trim()))])
    .pipe(z.array(z.enum(programmeTypes, { error: `programme must be comma-separated programme types: ${programmeTypes.join(', ')}` })))
    .optional(),
);

export { listingSorts, type ListingSort };

/**
 * The partner-programme filters and sorts (docs/decisions/partner-programme-filters.md). Margin
 * and earnings consider only programmes whose numbers the viewer may see.
 */
const programmeFilters = {
  programme: programmeTypeList,
  whiteLabel: z.preprocess(blankToUndefined, z.enum(['full', 'partial'], { error: 'whiteLabel must be full or partial' }).optional()),
  minMargin: optionalNumber('minMargin', z.number().min(0, 'minMargin must be between 0 and 100').max(100, 'minMargin must be between 0 and 100')),
  maxCommitment: optionalNumber('maxCommitment', z.number().int('maxCommitment must be whole months').min(0, 'maxCommitment must be between 0 and 60 months').max(60, 'maxCommitment must be between 0 and 60 months')),
  billing: z.preprocess(blankToUndefined, z.enum(billingModels, { error: 'billing must be provider_bills_agency or provider_bills_client' }).optional()),
  trial: flag('trial'),
  territory: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'territory must be a two-letter country code')
      .transform((code) => code.toUpperCase())
      .optional(),
  ),
  verified: flag('verified'),
  sort: z.preprocess(blankToUndefined, z.enum(listingSorts, { error: `sort must be one of ${listingSorts.join(', ')}` }).optional()),
};

export const listingStatusFilters = ['approved', 'pending', 'rejected', 'all'] as const;
export type ListingStatusFilter = (typeof listingStatusFilters)[number];

/** GET /api/tools and GET /api/services. */
export const listingQuerySchema = z
  .object({
    search,
    categoryId: optionalNumber('categoryId', z.number().int('categoryId must be a whole number').min(1, 'categoryId must be positive').max(LARGEST_ID, 'categoryId is too large')),
    minPrice: optionalNumber('minPrice', z.number().min(0, 'minPrice must not be negative').max(LARGEST_PRICE, 'minPrice is too large')),
    maxPrice: optionalNumber('maxPrice', z.number().min(0, 'maxPrice must not be negative').max(LARGEST_PRICE, 'maxPrice is too large')),
    deliveryTime: deliveryDays,
    rating: optionalNumber('rating', z.number().min(0, 'rating must be between 0 and 5').max(5, 'rating must be between 0 and 5')),
    providerId: z.preprocess(blankToUndefined, z.string().trim().min(1).max(100, 'providerId is too long').optional()),
    ...programmeFilters,
    /** Anything but approved is for administrators (the route answers 401/403 otherwise). */
    status: z.preprocess(
      blankToUndefined,
      z.enum(listingStatusFilters, { error: 'status must be approved, pending, rejected or all' }).default('approved'),
    ),
    ...page(24, 100),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: 'minPrice must not be more than maxPrice',
    path: ['minPrice'],
  });

export type ListingQuery = z.output<typeof listingQuerySchema>;

/** GET /api/services/featured and /api/tools/featured. */
export const featuredQuerySchema = z.object({ limit: page(6, 24).limit });

/** GET /api/services/trending. */
export const trendingQuerySchema = z.object({ limit: page(12, 50).limit });

/** GET /api/{tools|services}/{id}/reviews: a page, in an order, filtered by stars or reviewer context. */
export const reviewsPageSchema = z.object({ ...page(20, 100), ...reviewListFilters });
