import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import type { ListingQuery } from '../../../shared/schemas/listing-query';
import type { TermsVisibility } from '../../../shared/partner-programme-values';
import type { ListingType } from '../../../shared/types';
import { programmeWhere } from './programme-filters';
import { sortWhere } from './listing-sort';

/**
 * The ids of the category and every category below it, however deep, as an array. UNION (not
 * UNION ALL) drops ids already seen, so even a parent loop made by mistake ends.
 */
export function categoryTree(categoryId: number): SQL {
  return sql`array(
    with recursive tree(id) as (
      select ${categoryId}::integer
      union
      select ${categories.id} from ${categories} join tree on ${categories.parentId} = tree.id
    )
    select id from tree
  )`;
}

/**
 * The filters of GET /api/tools and /api/services, as one plain WHERE that PostgreSQL plans with
 * its statistics and the indexes on listings (docs/decisions/search.md, "Adding a filter"). The
 * search words are matched apart (search-read.queries.ts). Each filter narrows the list; a
 * listing without a price ('Contact for pricing') or delivery time drops out once that filter is
 * used. The partner-programme filters test the programme's copies on the listing's row, whose
 * numbers count only where `numbersFor` holds their visibility (programme-filters.ts). The tree
 * is folded into an array first (an init plan, run once), so `category_id = any(...)` is an index
 * condition.
 */
export function catalogueWhere(type: ListingType, query: ListingQuery, numbersFor: TermsVisibility[] = ['public']): SQL {
  return and(
    eq(listings.type, type),
    query.status === 'all' ? undefined : eq(listings.status, query.status),
    query.categoryId === undefined ? undefined : sql`${listings.categoryId} = any(${categoryTree(query.categoryId)})`,
    query.minPrice === undefined ? undefined : gte(listings.price, String(query.minPrice)),
    query.maxPrice === undefined ? undefined : lte(listings.price, String(query.maxPrice)),
    query.deliveryTime === undefined ? undefined : inArray(listings.deliveryTime, query.deliveryTime),
    query.rating === undefined ? undefined : gte(listings.rating, query.rating),
    query.providerId === undefined ? undefined : eq(listings.providerId, query.providerId),
    programmeWhere(query, numbersFor),
    query.sort === undefined ? undefined : sortWhere(query.sort, numbersFor),
  )!;
}
