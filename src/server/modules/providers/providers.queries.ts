import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { reviews } from '../../../db/schema/reviews';
import { users } from '../../../db/schema/users';
import type { ListingType, RatingBreakdown } from '../../../shared/types';
import { countedReview, toBreakdown, withRating } from '../listings/listing-reviews.queries';
import type { ListingSummaryWithRelations } from '../listings/listings.queries';
import { featuredThenNewest, findListingPage, providerSummaryColumns } from '../listings/listings.queries';

const liveListingsOf = (providerId: string) => and(eq(listings.providerId, providerId), eq(listings.status, 'approved'))!;

/**
 * Who has a public profile: providers, and anyone with a live listing (an administrator may have
 * listed something for them). Other members stay private.
 */
export const isPublicProvider = () =>
  or(eq(users.isProvider, true), sql`exists (select 1 from ${listings} where ${listings.providerId} = ${users.id} and ${listings.status} = 'approved')`)!;

/** A public provider by user id or slug; without the e-mail address, which a public page never shows. */
export async function findPublicProvider(db: Executor, idOrSlug: string) {
  const [row] = await db
    .select({
      ...providerSummaryColumns,
      website: users.website,
      bio: users.bio,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(or(eq(users.id, idOrSlug), eq(users.slug, idOrSlug)), isPublicProvider()))
    // An id is matched before a slug, should one user's slug ever equal another's id.
    .orderBy(desc(sql`${users.id} = ${idOrSlug}`))
    .limit(1);
  return row;
}

/** The provider's live listings of both types, featured first, then newest. */
export function findProviderListings(db: Executor, providerId: string, limit: number): Promise<ListingSummaryWithRelations[]> {
  return findListingPage(db, liveListingsOf(providerId), featuredThenNewest(), { limit, offset: 0 });
}

/** How many live listings the provider has of each type. */
export async function countProviderListings(db: Executor, providerId: string): Promise<Record<ListingType, number>> {
  const rows = await db
    .select({ type: listings.type, total: count() })
    .from(listings)
    .where(liveListingsOf(providerId))
    .groupBy(listings.type);
  const counts = { services: 0, tools: 0 };
  for (const row of rows) counts[row.type] = row.total;
  return counts;
}

/**
 * The mean of every review over the provider's live listings, to one decimal (0 without reviews),
 * their number, and how many gave each number of stars: one grouped read, so the three agree.
 */
export async function findProviderRating(db: Executor, providerId: string): Promise<{ rating: number; reviewCount: number; ratingBreakdown: RatingBreakdown }> {
  const rows = await db
    .select({ rating: reviews.rating, total: count() })
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    // As the listings' own ratings: a review a moderator removed no longer counts.
    .where(and(liveListingsOf(providerId), countedReview))
    .groupBy(reviews.rating);
  const { rating, reviewCount, stars } = withRating(toBreakdown(rows));
  return { rating, reviewCount, ratingBreakdown: stars };
}
