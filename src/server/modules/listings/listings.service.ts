import type { Database } from '../../../db/client';
import type { ListingQuery } from '../../../shared/schemas/listing-query';
import type { ReviewListFilters } from '../../../shared/schemas/review';
import type { Listing, ListingRatingBreakdown, ListingSummary, ListingType, Review } from '../../../shared/types';
import { AppError } from '../../lib/app-error';
import type { DailyCounts } from '../../lib/daily-counts';
import { findCataloguePage } from './catalogue.queries';
import { toListingJson } from './listing-json';
import { type ListingKey, listingNotFoundMessage, parseListingKey } from './listing-params';
import { countListingReviews, countListingReviewsByStars, findListingReviews, withRating } from './listing-reviews.queries';
import { recordListingView } from './listing-views.queries';
import { findFeaturedListings, findListingByKey, type ListingWithRelations, type Page } from './listings.queries';
import { findTrendingServices } from './trending.queries';
import { numbersVisibleTo } from './programme-filters';
import { wentLiveSince } from './live-since';
import { listingCards, listingCardsFor } from '../partner-programmes/programme-cards';
import { planBadges } from '../plans/plans.service';

/** Who is asking: the signed-in user, or null for a visitor. */
export type Viewer = { id: string; isAdmin: boolean } | null;

export type ListPage<T> = { items: T[]; total: number };
/** A catalogue page: `total` is exact, or, when `totalExact` is false, a lower bound (the count limit). */
export type CatalogueListPage<T> = ListPage<T> & { totalExact: boolean; otherType?: { total: number; totalExact: boolean }; relaxedTo?: string[] };

const isOwnerOrAdmin = (viewer: Viewer, listing: ListingWithRelations['listing']) =>
  !!viewer && (viewer.isAdmin || viewer.id === listing.providerId);

/**
 * GET /api/tools and /api/services. Everyone sees live listings; other statuses are moderation
 * data, for administrators only. A provider's own pending work is listed by /api/provider/services.
 * `options.liveSince`: only listings that went live after it (a saved search's digest).
 */
export async function listCatalogue(
  db: Database,
  viewer: Viewer,
  type: ListingType,
  query: ListingQuery,
  options: { liveSince?: Date } = {},
): Promise<CatalogueListPage<ListingSummary>> {
  if (query.status !== 'approved') {
    if (!viewer) throw AppError.unauthorized();
    if (!viewer.isAdmin) throw AppError.forbidden('Only administrators can list listings that are not live.');
  }
  const within = options.liveSince ? wentLiveSince(options.liveSince) : undefined;
  const { rows, total, totalExact, otherType, relaxedTo } = await findCataloguePage(db, type, query, numbersVisibleTo(viewer), within);
  return { items: await listingCardsFor(db, viewer, rows), total, totalExact, otherType, relaxedTo };
}

export async function featuredListings(db: Database, type: ListingType, limit: number): Promise<ListingSummary[]> {
  return listingCards(null, await findFeaturedListings(db, type, limit));
}

export async function trendingServices(db: Database, limit: number): Promise<ListingSummary[]> {
  return listingCards(null, await findTrendingServices(db, limit));
}

/**
 * The listing if this viewer may see it: anyone a live one, the owner and administrators also a
 * pending or rejected one. Otherwise 404, so hidden listings are indistinguishable from missing ones.
 */
async function findVisibleListing(db: Database, viewer: Viewer, type: ListingType, key: ListingKey | undefined) {
  const found = key && (await findListingByKey(db, type, key));
  if (!found || (found.listing.status !== 'approved' && !isOwnerOrAdmin(viewer, found.listing))) {
    throw AppError.notFound(listingNotFoundMessage(type));
  }
  return found;
}

/**
 * GET /api/{type}/{id or slug}. A view of a live listing counts once per visitor per day, for the
 * listing's view count and the trending score, and never for its owner. `visitor` is null when the
 * request must not count at all (HEAD requests from link checkers, known bots): see view-visitor.ts.
 * Each counted view also goes into the listing's daily figures (`counts`).
 */
export async function listingDetail(
  db: Database,
  viewer: Viewer,
  type: ListingType,
  idOrSlug: string,
  { visitor = null, now = new Date(), counts, views = db }: { visitor?: string | null; now?: Date; counts?: DailyCounts; views?: Database } = {},
): Promise<Listing> {
  const found = await findVisibleListing(db, viewer, type, parseListingKey(idOrSlug));
  const { listing } = found;
  const badge = providerBadge(db, listing.providerId, now);
  if (!visitor || listing.status !== 'approved' || viewer?.id === listing.providerId) return withProviderBadge(toListingJson(found, viewer), await badge);
  // The listing may have been read from a replica; the view is a write, on the primary (`views`).
  const [counted, providerBadgeText] = await Promise.all([recordListingView(views, listing.id, visitor, now), badge]);
  // The daily figures: every counted view, and a visitor on their first view of the day.
  counts?.add(listing.id, 'views', now);
  if (counted) counts?.add(listing.id, 'uniqueVisitors', now);
  return withProviderBadge(toListingJson(counted ? { ...found, listing: { ...listing, viewCount: listing.viewCount + 1 } } : found, viewer), providerBadgeText);
}

/** The badge of the provider's plan in force, which a listing's page shows beside their name (an unclaimed listing has no provider). */
const providerBadge = async (db: Database, providerId: string | null, now: Date) => (providerId ? ((await planBadges(db, [providerId], now)).get(providerId) ?? null) : null);

function withProviderBadge(listing: Listing, badge: string | null): Listing {
  if (listing.provider) listing.provider.badge = badge;
  return listing;
}

/** GET /api/{type}/{id}/reviews: visible wherever the listing itself is. */
export async function listingReviews(db: Database, viewer: Viewer, type: ListingType, id: number, page: Page & ReviewListFilters): Promise<ListPage<Review>> {
  await findVisibleListing(db, viewer, type, { id });
  // The total counts what the filters keep, so paging and "Show more" stop where the filtered list does.
  const [items, total] = await Promise.all([findListingReviews(db, id, page), countListingReviews(db, id, page)]);
  return { items, total };
}

/**
 * GET /api/{type}/{id}/reviews/breakdown: the stars of the reviews that make the rating, and the
 * rating and count worked out from those same rows, so the three can never disagree on a page.
 */
export async function listingRatingBreakdown(db: Database, viewer: Viewer, type: ListingType, id: number): Promise<ListingRatingBreakdown> {
  await findVisibleListing(db, viewer, type, { id });
  return withRating(await countListingReviewsByStars(db, id));
}
