import { and, avg, count, eq, gt, isNotNull, isNull, ne, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { messages } from '../../../db/schema/messages';
import { favorites, reviews } from '../../../db/schema/reviews';
import type { ProviderStats } from '../../../shared/types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The provider dashboard's numbers, each one aggregate query over the provider's own rows. */
export async function providerStats(db: Executor, providerId: string): Promise<ProviderStats> {
  const own = eq(listings.providerId, providerId);
  const leadsOfProvider = and(eq(messages.recipientId, providerId), eq(messages.kind, 'listing'));
  const [byStatus, [updates], [favoriteCount], [reviewTotals], [leadCounts]] = await Promise.all([
    db
      .select({ status: listings.status, listings: count(), views: sum(listings.viewCount) })
      .from(listings)
      .where(own)
      .groupBy(listings.status),
    db.select({ n: count() }).from(listings).where(and(own, isNotNull(listings.pendingChanges))),
    db.select({ n: count() }).from(favorites).innerJoin(listings, eq(listings.id, favorites.listingId)).where(own),
    db
      .select({ n: count(), average: avg(reviews.rating) })
      .from(reviews)
      .innerJoin(listings, eq(listings.id, reviews.listingId))
      .where(and(own, ne(reviews.moderation, 'removed'))),
    db
      .select({
        recent: sql<number>`count(*) filter (where ${gt(messages.createdAt, new Date(Date.now() - 30 * DAY_MS))})`.mapWith(Number),
        unread: sql<number>`count(*) filter (where ${isNull(messages.readAt)})`.mapWith(Number),
      })
      .from(messages)
      .where(leadsOfProvider),
  ]);
  const statusCount = (status: string) => byStatus.find((row) => row.status === status)?.listings ?? 0;
  return {
    listings: {
      live: statusCount('approved'),
      pending: statusCount('pending'),
      rejected: statusCount('rejected'),
      updatesPending: updates?.n ?? 0,
    },
    views: byStatus.reduce((total, row) => total + Number(row.views ?? 0), 0),
    favorites: favoriteCount?.n ?? 0,
    reviews: { count: reviewTotals?.n ?? 0, averageRating: Math.round(Number(reviewTotals?.average ?? 0) * 10) / 10 },
    leads: { last30Days: leadCounts?.recent ?? 0, unread: leadCounts?.unread ?? 0 },
  };
}
