import { desc } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { ListingQuery } from '../../../shared/schemas/listing-query';
import type { ListingType } from '../../../shared/types';
import type { ListingWithRelations } from './listings.queries';
import { catalogueWhere } from './listing-filters';
import { parseSearch, searchRank } from './listing-search';
import { countListings, featuredThenNewest, findListingPage } from './listings.queries';

/**
 * One page of the catalogue and its total. Ordered by relevance when searching, otherwise
 * featured first and then newest; equal ones keep a stable order by id.
 */
export async function findCataloguePage(
  db: Executor,
  type: ListingType,
  query: ListingQuery,
): Promise<{ rows: ListingWithRelations[]; total: number }> {
  const search = query.search ? parseSearch(query.search) : undefined;
  const where = catalogueWhere(type, query, search);
  const order = search ? [desc(searchRank(search)), ...featuredThenNewest()] : featuredThenNewest();
  const [rows, total] = await Promise.all([findListingPage(db, where, order, query), countListings(db, where)]);
  return { rows, total };
}
