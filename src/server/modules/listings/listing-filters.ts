import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { listings } from '../../../db/schema/listings';
import type { ListingQuery } from '../../../shared/schemas/listing-query';
import type { TermsVisibility } from '../../../shared/partner-programme-values';
import type { ListingType } from '../../../shared/types';
import { programmeWhere } from './programme-filters';
import { sortWhere } from './listing-sort';

/**
 * The filters of GET /api/tools and /api/services, as one plain WHERE that PostgreSQL plans with
 * its statistics and the indexes on listings (docs/decisions/search.md, "Adding a filter"). The
 * search words are matched apart (search-read.queries.ts). Each filter narrows the list; a
 * listing without a price ('Contact for pricing') or delivery time drops out once that filter is
 * used. The partner-programme filters test the programme's copies on the listing's row, whose
 * numbers count only where `numbersFor` holds their visibility (programme-filters.ts).
 * `categoryIds`: the asked category and those below it (categoryTreeIds; undefined when no
 * category is asked), as values the planner sees, so it estimates the category from its
 * statistics: as an array computed inside the statement it could not, and it walked all 40,000
 * tools to find a prefix's 0 matches in one category (113 ms, against 1.2 ms with the ids given).
 */
export function catalogueWhere(type: ListingType, query: ListingQuery, categoryIds: readonly number[] | undefined, numbersFor: TermsVisibility[] = ['public']): SQL {
  return and(
    eq(listings.type, type),
    query.status === 'all' ? undefined : eq(listings.status, query.status),
    categoryIds === undefined ? undefined : sql`${listings.categoryId} = any(${`{${categoryIds.join(',')}}`}::int[])`,
    query.minPrice === undefined ? undefined : gte(listings.price, String(query.minPrice)),
    query.maxPrice === undefined ? undefined : lte(listings.price, String(query.maxPrice)),
    query.deliveryTime === undefined ? undefined : inArray(listings.deliveryTime, query.deliveryTime),
    query.rating === undefined ? undefined : gte(listings.rating, query.rating),
    query.providerId === undefined ? undefined : eq(listings.providerId, query.providerId),
    programmeWhere(query, numbersFor),
    query.sort === undefined ? undefined : sortWhere(query.sort, numbersFor),
  )!;
}
