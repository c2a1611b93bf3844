import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { createdAt, tsvector, updatedAt } from './columns';
import { users } from './users';

/** Fields a provider may propose for an already approved listing; applied when an administrator approves. */
export type PendingListingChanges = {
  title: string;
  description: string;
  shortDescription: string | null;
  categoryId: number;
  price: string | null;
  priceType: 'fixed' | 'monthly' | 'hourly' | null;
  deliveryTime: number | null;
  tags: string[];
  features: string[];
  websiteUrl: string | null;
  /** The screenshot of the proposed websiteUrl, once the background job has taken it. */
  screenshotUrl?: string | null;
  submittedAt: string;
};

/**
 * What every programme index holds after its order: the programme's copies and the listing's own
 * filter columns, whatever a filter tests.
 */
function filterColumns(t: {
  programmeVisibility: AnyPgColumn;
  programmeWhiteLabelLevel: AnyPgColumn;
  programmeMarginPercent: AnyPgColumn;
  programmeEarningsPerClient: AnyPgColumn;
  programmeCommitmentMonths: AnyPgColumn;
  programmeBillingModel: AnyPgColumn;
  programmeTrial: AnyPgColumn;
  programmeVerifiedAt: AnyPgColumn;
  programmeTypes: AnyPgColumn;
  programmeTerritories: AnyPgColumn;
  categoryId: AnyPgColumn;
  price: AnyPgColumn;
  rating: AnyPgColumn;
  deliveryTime: AnyPgColumn;
}) {
  return [
    t.programmeVisibility,
    t.programmeWhiteLabelLevel,
    t.programmeMarginPercent,
    t.programmeEarningsPerClient,
    t.programmeCommitmentMonths,
    t.programmeBillingModel,
    t.programmeTrial,
    t.programmeVerifiedAt,
    t.programmeTypes,
    t.programmeTerritories,
    t.categoryId,
    t.price,
    t.rating,
    t.deliveryTime,
  ] as const;
}

/**
 * Services and tools share one table: they share the card, the detail page and moderation. Its
 * pages are filled to 80 % (migration 0015; Drizzle's schema cannot say so), so that counting a
 * view updates the row on its own page and touches none of the indexes below.
 */
export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['tools', 'services'] }).notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    shortDescription: text('short_description'),
    // Restrict: a category that still has listings cannot be deleted (the admin is told how many).
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    price: numeric('price', { precision: 12, scale: 2 }),
    priceType: text('price_type', { enum: ['fixed', 'monthly', 'hourly'] }),
    deliveryTime: integer('delivery_time'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    websiteUrl: text('website_url'),
    imageUrl: text('image_url'),
    screenshotUrl: text('screenshot_url'),
    /**
     * Shown as featured: the editors' pick or a featured slot of the provider's plan in force
     * (docs/decisions/featured-slots.md). The one column the reads order by; written only together
     * with `featuredByEditor` or a slot, in the same transaction.
     */
    isFeatured: boolean('is_featured').notNull().default(false),
    /** An administrator featured the listing; a slot ending never clears it, an administrator's un-featuring never ends a slot. */
    featuredByEditor: boolean('featured_by_editor').notNull().default(false),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    /** An edit of an approved listing waiting for review; the live fields stay as they are meanwhile. */
    pendingChanges: jsonb('pending_changes').$type<PendingListingChanges>(),
    viewCount: integer('view_count').notNull().default(0),
    // Cached aggregates of reviews, updated in the same transaction as every review write.
    rating: real('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    // Cascade: deleting a user deletes their listings (the admin confirmation says so). Null for an
    // unclaimed listing, which an administrator made for a company that is not on the directory
    // yet; unclaimedCompany names that company until a provider claims it
    // (docs/decisions/listing-claims.md).
    providerId: text('provider_id').references(() => users.id, { onDelete: 'cascade' }),
    unclaimedCompany: text('unclaimed_company'),
    /** The unclaimed company's website: claim links go to addresses at its domain. */
    unclaimedWebsite: text('unclaimed_website'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Each field's words as the English configuration makes them, and the names in it the parser
    // keeps whole or hyphenated in other forms too: search_text_vector (migration 0017,
    // docs/decisions/search-names.md).
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(search_text_vector("title"), 'A') || setweight(search_text_vector(immutable_array_to_string("tags", ' ')), 'B') || setweight(search_text_vector("short_description"), 'C') || setweight(search_text_vector("description"), 'D')`,
    ),
    // Copies of what the catalogue's partner-programme filters and sorts test of the listing's
    // programme (docs/decisions/partner-programme-filters.md), so that they are conditions on this
    // row, with its statistics, served by the indexes below beside type, status and order.
    // Written only by the trigger on partner_programmes (migration programme-columns-on-listings),
    // which stays the source: all null when the listing has no programme. Never edited, never
    // answered (listingRowColumns leaves them out); whose numbers a viewer may filter by is
    // decided when they are read.
    programmeTypes: text('programme_types').array(),
    programmeVisibility: text('programme_visibility', { enum: ['public', 'members', 'on_request'] }),
    programmeWhiteLabelLevel: text('programme_white_label_level', { enum: ['full', 'partial', 'none'] }),
    programmeMarginPercent: real('programme_margin_percent'),
    programmeEarningsPerClient: real('programme_earnings_per_client'),
    programmeCommitmentMonths: integer('programme_commitment_months'),
    programmeBillingModel: text('programme_billing_model', { enum: ['provider_bills_agency', 'provider_bills_client'] }),
    /** A trial or internal-use seats. */
    programmeTrial: boolean('programme_trial'),
    /** Empty is worldwide. */
    programmeTerritories: text('programme_territories').array(),
    programmeVerifiedAt: timestamp('programme_verified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('listings_type_slug_unique').on(t.type, t.slug),
    index('listings_type_status_created_idx').on(t.type, t.status, t.createdAt),
    // A search's newest slice (docs/decisions/search.md, "The newest slice is read first"): PostgreSQL ANDs a
    // range of creation times with a full-text index's bitmap. Creation time alone for the title
    // matches: it does not AND two indexes that share conditions, and the live title indexes'
    // predicate has type and status.
    index('listings_created_at_idx').on(t.createdAt),
    // The same for the matches, of live listings of one type only: ANDed with the whole-table
    // full-text index, a slice's bitmap holds the type's live listings alone, half the entries
    // ("podcast" at 100,000 listings: 15,300 instead of 27,700; its read 4.4-4.9 ms against 3.5).
    // Only listings that are not featured, as the slice's range reads them (its featured ones are
    // read apart): in a table in creation order, as a real catalogue's, PostgreSQL costed a full
    // scan of an index of every live listing of a type as cheaply as reading the type, and took it
    // for reads it could not estimate ("backups" within a category, 1 -> 119 ms).
    index('listings_live_services_created_idx').on(t.createdAt).where(sql`${t.type} = 'services' and ${t.status} = 'approved' and not ${t.isFeatured}`),
    index('listings_live_tools_created_idx').on(t.createdAt).where(sql`${t.type} = 'tools' and ${t.status} = 'approved' and not ${t.isFeatured}`),
    // Browse indexes (docs/decisions/search.md). Each ends with every filter column, so a page of
    // ids and a capped count are index-only scans whatever the filters: the first walks the default
    // order (featured first, then newest), the others start at the category tree, a price range,
    // a minimum rating or delivery days when that narrows the list more.
    index('listings_browse_idx').on(
      t.type,
      t.status,
      t.isFeatured.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.categoryId,
      t.price,
      t.rating,
      t.deliveryTime,
    ),
    // Also each category's listings in the default order, for a list of a category.
    index('listings_browse_category_idx').on(
      t.type,
      t.status,
      t.categoryId,
      t.isFeatured.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.price,
      t.rating,
      t.deliveryTime,
    ),
    index('listings_browse_price_idx').on(t.type, t.status, t.price, t.rating, t.deliveryTime, t.categoryId),
    // Also the order of trending services without a score (rating, then newest), read backwards.
    index('listings_browse_rating_idx').on(t.type, t.status, t.rating, t.createdAt, t.id, t.price, t.deliveryTime, t.categoryId),
    index('listings_browse_delivery_idx').on(t.type, t.status, t.deliveryTime, t.price, t.rating, t.categoryId),
    // The listings with a programme in the default order, every programme filter column and the
    // listing's own after it: a list under programme filters pages and counts by an index-only
    // scan of half the entries of listings_browse_idx, which stays as narrow as it was.
    index('listings_programme_browse_idx')
      .on(
        t.type,
        t.status,
        t.isFeatured.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        ...filterColumns(t),
      )
      .where(sql`${t.programmeTypes} is not null`),
    // The partner-programme sorts, highest first and then newest, each followed by the filter
    // columns (the visibility first: a visitor's walk passes the hidden numbers in the index).
    // The margin's also holds the featured flag: a search walking a minimum margin takes its
    // range in the catalogue's order (featured, newest) without reading a row.
    index('listings_programme_margin_idx')
      .on(t.type, t.status, t.programmeMarginPercent.desc(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), ...filterColumns(t), t.isFeatured)
      .where(sql`${t.programmeMarginPercent} is not null`),
    index('listings_programme_earnings_idx')
      .on(t.type, t.status, t.programmeEarningsPerClient.desc(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), ...filterColumns(t))
      .where(sql`${t.programmeEarningsPerClient} is not null`),
    index('listings_programme_verified_idx')
      .on(t.type, t.status, t.programmeVerifiedAt.desc(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), ...filterColumns(t))
      .where(sql`${t.programmeVerifiedAt} is not null`),
    // The sorts by rating, number of reviews and price (listing-sort.ts), walked in order until the page is full.
    index('listings_sort_rating_idx').on(t.type, t.status, t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('listings_sort_reviews_idx').on(t.type, t.status, t.reviewCount.desc().nullsFirst(), t.rating.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('listings_sort_price_idx')
      .on(t.type, t.status, t.price, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.price} is not null`),
    // Deleting a category checks for listings in it, and the admin page counts them.
    index('listings_category_id_idx').on(t.categoryId),
    index('listings_provider_id_idx').on(t.providerId),
    index('listings_featured_idx').on(t.type, t.createdAt).where(sql`${t.isFeatured} and ${t.status} = 'approved'`),
    // The tools whose screenshot is missing, live or proposed in a pending edit
    // (findMissingScreenshots): each server looks at start-up and every ten minutes, and without
    // these a look read the whole table (two scans of 2 GB at 1,000,000 listings, 1.5 s and more
    // each after a restart of PostgreSQL). Both are nearly always empty.
    index('listings_missing_screenshot_idx')
      .on(t.updatedAt)
      .where(sql`${t.type} = 'tools' and ${t.websiteUrl} is not null and ${t.screenshotUrl} is null`),
    index('listings_pending_tools_idx').on(t.updatedAt).where(sql`${t.type} = 'tools' and ${t.pendingChanges} is not null`),
    // Searches of live listings (every visitor's) use the partial indexes of their type: with the
    // type and status in the predicate, PostgreSQL no longer ANDs a bitmap of every live listing
    // of the type into each search (5-6 ms at 100,000 listings). Administrators' searches of
    // other statuses use the whole-table index. The live ones hold the programme's terms too: a
    // search under them takes only the listings that have both the words and the terms from the
    // index, and reads no other row.
    index('listings_search_vector_idx').using('gin', t.searchVector),
    index('listings_live_services_search_idx').using('gin', t.searchVector).where(sql`${t.type} = 'services' and ${t.status} = 'approved'`),
    index('listings_live_tools_search_idx').using('gin', t.searchVector).where(sql`${t.type} = 'tools' and ${t.status} = 'approved'`),
    // Title-only full-text matches: a search's title window (search-read.queries.ts), found
    // without reading search_vector. The same vector as its weight A (search_text_vector), so both agree.
    index('listings_live_services_title_idx')
      .using('gin', sql`search_text_vector(${t.title})`)
      .where(sql`${t.type} = 'services' and ${t.status} = 'approved'`),
    index('listings_live_tools_title_idx')
      .using('gin', sql`search_text_vector(${t.title})`)
      .where(sql`${t.type} = 'tools' and ${t.status} = 'approved'`),
    check('listings_type_check', sql`${t.type} in ('tools', 'services')`),
    check('listings_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('listings_price_check', sql`${t.price} is null or ${t.price} >= 0`),
    check('listings_delivery_time_check', sql`${t.deliveryTime} is null or ${t.deliveryTime} > 0`),
    // Exactly one owner: a provider, or the company an unclaimed listing waits for.
    check('listings_owner_check', sql`(${t.providerId} is null) <> (${t.unclaimedCompany} is null)`),
    check('listings_unclaimed_website_check', sql`${t.providerId} is null or ${t.unclaimedWebsite} is null`),
  ],
);

/** Detail views per listing per day: the raw material of the trending score. */
export const listingDailyViews = pgTable(
  'listing_daily_views',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [uniqueIndex('listing_daily_views_pk').on(t.listingId, t.day), index('listing_daily_views_day_idx').on(t.day)],
);

/**
 * Who has already been counted as viewing a listing today: one row per visitor per listing per UTC
 * day, so a repeat view is a conflict and adds nothing. `visitor` is a user id or a keyed hash of
 * address and user agent (never the raw values). Rows older than today are deleted hourly.
 */
export const listingViewVisitors = pgTable(
  'listing_view_visitors',
  {
    day: text('day').notNull(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
  },
  // Day first: the hourly clean-up deletes a range of days through this same index.
  (t) => [primaryKey({ columns: [t.day, t.listingId, t.visitor] }), index('listing_view_visitors_listing_idx').on(t.listingId)],
);

/**
 * The trending score of every live service that has one (docs/decisions/trending-score.md),
 * recomputed from the last 30 days of views, favourites and reviews every minute by one server
 * (trending-refresh.ts). The trending list reads it through the score index instead of
 * aggregating the raw events on every request.
 */
export const trendingScores = pgTable(
  'trending_scores',
  {
    listingId: integer('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    score: doublePrecision('score').notNull(),
  },
  (t) => [index('trending_scores_score_idx').on(t.score.desc())],
);
