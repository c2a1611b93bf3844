import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import type { ProgrammeRow } from '../../../db/partner-programme-terms';
import { listings } from '../../../db/schema/listings';
import { users } from '../../../db/schema/users';
import { EXCERPT_SOURCE_LENGTH } from './listing-excerpt';
import { listingRowColumns } from '../../../db/listing-columns';

// The search vector is large and only ever used inside WHERE/ORDER BY, so it is never selected.
const tableColumns = listingRowColumns;

/** The start of the description an excerpt is cut from (listing-excerpt.ts). */
const descriptionStart = sql<string>`left(${listings.description}, ${sql.raw(String(EXCERPT_SOURCE_LENGTH))})`;

/**
 * The same for a card, read only where the card may need it: a short description with a letter
 * or a digit is the excerpt itself (listingExcerpt keeps it, as trimming cannot empty it), so
 * the description's start is not read for it. Any other short description (none, blank, only
 * punctuation or a script the database's character classes do not know) still reads it, and
 * listingExcerpt decides as before. A search's page read 24 starts it did not use: 0.61 ms
 * against 0.46 at 100,000 listings.
 */
const cardDescriptionStart = sql<string>`case when ${listings.shortDescription} ~ '[[:alnum:]]' then '' else ${descriptionStart} end`;

const listingColumns = { ...tableColumns, descriptionStart };

/**
 * What a card needs of a listing (shared/types.ts, ListingSummary): not the description, the
 * features, the website, the moderation fields or a pending edit, which together can weigh tens
 * of kilobytes per listing.
 */
const summaryColumns = {
  id: listings.id,
  type: listings.type,
  slug: listings.slug,
  title: listings.title,
  shortDescription: listings.shortDescription,
  descriptionStart: cardDescriptionStart,
  categoryId: listings.categoryId,
  price: listings.price,
  priceType: listings.priceType,
  deliveryTime: listings.deliveryTime,
  tags: listings.tags,
  imageUrl: listings.imageUrl,
  isFeatured: listings.isFeatured,
  featuredByEditor: listings.featuredByEditor,
  status: listings.status,
  viewCount: listings.viewCount,
  rating: listings.rating,
  reviewCount: listings.reviewCount,
  providerId: listings.providerId,
  unclaimedCompany: listings.unclaimedCompany,
  createdAt: listings.createdAt,
  updatedAt: listings.updatedAt,
};

export type { ListingRow } from '../../../db/listing-columns';
import type { ListingRow } from '../../../db/listing-columns';
/** A listing as the reads select it: its row and the start of its description. */
type SelectedListing = ListingRow & { descriptionStart: string };
export type ListingSummaryRow = Pick<SelectedListing, keyof typeof summaryColumns>;

type ProviderSummaryRow = {
  id: string;
  slug: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  profileImageUrl: string | null;
};
type ProviderRow = ProviderSummaryRow & { email: string };

/** A listing as the catalogue queries answer it: the row with its category's name and its provider. */
export type ListingWithRelations = {
  listing: SelectedListing;
  category: { name: string; slug: string } | null;
  provider: ProviderRow | null;
};

/** A listing as the list queries answer it: its card's columns, its category's name and its provider. */
export type ListingSummaryWithRelations = {
  listing: ListingSummaryRow;
  category: { name: string; slug: string } | null;
  provider: ProviderSummaryRow | null;
  /** Its partner programme, which a card summarises (programme-cards.ts). */
  programme: ProgrammeRow | null;
};

/** A provider's public summary (shared/types.ts, ProviderSummary): never the e-mail address. */
export const providerSummaryColumns = {
  id: users.id,
  slug: users.slug,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  profileImageUrl: users.profileImageUrl,
};

/**
 * A whole listing with its category name and provider summary: the base of the reads of one
 * listing and of the owner's and administrators' lists. Callers add where/order/limit; rows
 * convert with toListingJson.
 */
export function selectListings(db: Executor) {
  return db
    .select({
      listing: listingColumns,
      category: { name: categories.name, slug: categories.slug },
      provider: { ...providerSummaryColumns, email: users.email },
    })
    .from(listings)
    .leftJoin(categories, eq(categories.id, listings.categoryId))
    .leftJoin(users, eq(users.id, listings.providerId))
    .$dynamic();
}

/**
 * The same for cards: the base of every public list. Rows convert with toListingSummaryJson.
 *
 * A card's provider is looked up by its key, listing by listing (a lateral subquery, whose
 * `limit 1` keeps PostgreSQL from merging it into a join). As a join, PostgreSQL hashed every user
 * to find a page's two dozen providers: 0.54 ms of a search's 0.7 ms page read at 100,000
 * listings and 448 users, against 0.19 by key (docs/decisions/search.md), and more with every
 * member who signs up.
 */
export function selectListingSummaries(db: Executor) {
  const provider = db
    .select(providerSummaryColumns)
    .from(users)
    .where(eq(users.id, listings.providerId))
    .limit(1)
    .as('provider');
  return db
    .select({
      listing: summaryColumns,
      category: { name: categories.name, slug: categories.slug },
      provider: { id: provider.id, slug: provider.slug, firstName: provider.firstName, lastName: provider.lastName, companyName: provider.companyName, profileImageUrl: provider.profileImageUrl },
      programme: partnerProgrammes,
    })
    .from(listings)
    .leftJoin(categories, eq(categories.id, listings.categoryId))
    .leftJoin(partnerProgrammes, eq(partnerProgrammes.listingId, listings.id))
    .leftJoinLateral(provider, sql`true`)
    .$dynamic();
}

export async function findListing(db: Executor, where: SQL | undefined): Promise<ListingWithRelations | undefined> {
  return (await selectListings(db).where(where).limit(1))[0] as ListingWithRelations | undefined;
}

export const findListingById = (db: Executor, type: 'tools' | 'services', id: number) =>
  findListing(db, and(eq(listings.type, type), eq(listings.id, id)));

export type Page = { limit: number; offset: number };

/**
 * One page of listing cards matching `where`, in the given order, with the id last so pages never
 * overlap. The page is chosen on the listings table alone and only its rows are joined to their
 * category and provider: joining first made PostgreSQL join every match before sorting.
 */
export async function findListingPage(db: Executor, where: SQL, orderBy: SQL[], page: Page): Promise<ListingSummaryWithRelations[]> {
  const order = [...orderBy, desc(listings.id)];
  const pageIds = db.select({ id: listings.id }).from(listings).where(where).orderBy(...order).limit(page.limit).offset(page.offset).as('page_ids');
  const rows = await selectListingSummaries(db)
    .innerJoin(pageIds, eq(pageIds.id, listings.id))
    .orderBy(...order);
  return rows as ListingSummaryWithRelations[];
}

/** The ids of a page of listings matching `where` in `orderBy` (which ends with the id), for findListingsInOrder. */
export async function findPageIds(db: Executor, where: SQL, orderBy: SQL[], page: Page): Promise<number[]> {
  const rows = await db.select({ id: listings.id }).from(listings).where(where).orderBy(...orderBy).limit(page.limit).offset(page.offset);
  return rows.map((row) => row.id);
}

/**
 * The cards of a page of listings by their ids, prepared once per database: its text is built
 * once, and PostgreSQL plans it once per connection. Every search reads its page this way, and
 * building and planning it each time cost about half a millisecond of the 1.0 it took
 * (100,000 listings, 24 ids).
 */
const preparedRowsById = new WeakMap<Executor, ReturnType<typeof prepareRowsById>>();
const prepareRowsById = (db: Executor) =>
  selectListingSummaries(db)
    .where(sql`${listings.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('listing_rows_by_id');

/** The cards of the listings with these ids, in the order of `ids` (chosen by the caller's own query). */
export async function findListingsInOrder(db: Executor, ids: number[]): Promise<ListingSummaryWithRelations[]> {
  const prepared = preparedRowsById.get(db) ?? prepareRowsById(db);
  preparedRowsById.set(db, prepared);
  const rows = (await prepared.execute({ ids })) as ListingSummaryWithRelations[];
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.listing.id)! - position.get(b.listing.id)!);
}

/**
 * How many listings match `where` (the X-Total-Count of a list), counting no further than `limit`:
 * past it the total is `limit` and not exact ("10,000+"), so a broad list costs no more to count
 * than a narrow one. Filters only use listing columns, so no joins.
 */
export async function countListingsUpTo(db: Executor, where: SQL, limit: number): Promise<{ total: number; totalExact: boolean }> {
  const matches = db.select({ one: sql`1` }).from(listings).where(where).limit(limit + 1).as('matches');
  const [row] = await db.select({ total: count() }).from(matches);
  const total = row?.total ?? 0;
  return total > limit ? { total: limit, totalExact: false } : { total, totalExact: true };
}

/** The default catalogue order: featured first, then newest. */
export const featuredThenNewest = (): SQL[] => [desc(listings.isFeatured), desc(listings.createdAt)];

/** Live featured listings of a type, newest first (served by the partial index listings_featured_idx). */
export function findFeaturedListings(db: Executor, type: 'tools' | 'services', limit: number) {
  return findListingPage(
    db,
    and(eq(listings.type, type), eq(listings.status, 'approved'), eq(listings.isFeatured, true))!,
    [desc(listings.createdAt)],
    { limit, offset: 0 },
  );
}

/** A listing of that type by its id or its slug, whatever its status (the caller decides who may see it). */
export const findListingByKey = (db: Executor, type: 'tools' | 'services', key: { id: number } | { slug: string }) =>
  findListing(db, and(eq(listings.type, type), 'id' in key ? eq(listings.id, key.id) : eq(listings.slug, key.slug)));
