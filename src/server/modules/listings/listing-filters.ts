import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import type { ListingQuery } from '../../../shared/schemas/listing-query';
import type { TermsVisibility } from '../../../shared/partner-programme-values';
import type { ListingType } from '../../../shared/types';
import { asksOnlyTerms, asksOnlyTerritory, asksProgramme, type ProgrammeWhereForm, programmeWhere } from './programme-filters';

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
 * Listings of the category tree. The tree is folded into an array first (an init plan, run once),
 * so `category_id = any(...)` is an index condition on listings_browse_category_idx: counting a
 * subtree reads only its index entries. As `in (subquery)` PostgreSQL joined the tree to a scan of
 * every listing of the type.
 */
const inCategoryTree = (categoryId: number): SQL => sql`${listings.categoryId} = any(${categoryTree(categoryId)})`;

/** The filters of a list besides its type and status: the ones catalogueWhere adds when set. */
const narrowingFilters = ['categoryId', 'minPrice', 'maxPrice', 'deliveryTime', 'rating', 'providerId'] as const satisfies readonly (keyof ListingQuery)[];

/** Whether a list is narrowed by a filter of the listing's own (not its programme's). */
export const asksOwnFilters = (query: ListingQuery): boolean => narrowingFilters.some((filter) => query[filter] !== undefined);

/** Whether a list is narrowed by anything besides its type and status. */
export const isNarrowed = (query: ListingQuery): boolean => asksOwnFilters(query) || asksProgramme(query);

/**
 * The filters of GET /api/tools and /api/services (the search words are matched apart, in
 * catalogue.queries.ts). Each filter narrows the list; a listing without a price ('Contact for
 * pricing') or delivery time drops out once that filter is used. Every filter is served by an
 * index on listings (see docs/decisions/search.md); the partner-programme filters test the
 * programme's copies on the listing's row, whose numbers count only where `numbersFor` holds
 * their visibility (programme-filters.ts), in the `form` of programmeWhere.
 */
export function catalogueWhere(type: ListingType, query: ListingQuery, numbersFor: TermsVisibility[] = ['public'], form: ProgrammeWhereForm = 'rows'): SQL {
  return and(
    eq(listings.type, type),
    query.status === 'all' ? undefined : eq(listings.status, query.status),
    query.categoryId === undefined ? undefined : inCategoryTree(query.categoryId),
    query.minPrice === undefined ? undefined : gte(listings.price, String(query.minPrice)),
    query.maxPrice === undefined ? undefined : lte(listings.price, String(query.maxPrice)),
    query.deliveryTime === undefined ? undefined : inArray(listings.deliveryTime, query.deliveryTime),
    query.rating === undefined ? undefined : gte(listings.rating, query.rating),
    query.providerId === undefined ? undefined : eq(listings.providerId, query.providerId),
    programmeWhere(query, numbersFor, form),
  )!;
}

/**
 * The WHERE of a list's capped count (no search words): catalogueWhere, in the form that
 * listings_programme_terms_idx serves when the list is narrowed by programme terms that index
 * holds and nothing of the listing's own (programmeWhere), and listings_programme_territories_idx
 * when by the territory alone. Their entries are a few bytes each, and the filter column is a
 * range of the terms index: "white label: full" counts 6,671 of 28,053 services with a programme
 * by reading those 6,671, where the browse index read all.
 */
export function catalogueCountWhere(type: ListingType, query: ListingQuery, numbersFor: TermsVisibility[] = ['public']): SQL {
  const byTerms = (asksOnlyTerms(query) || asksOnlyTerritory(query)) && !asksOwnFilters(query);
  return catalogueWhere(type, query, numbersFor, byTerms ? 'termsCount' : 'rows');
}
