import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { monthlyFiguresMail } from '../../../db/schema/daily-figures';
import { listings } from '../../../db/schema/listings';
import { messages } from '../../../db/schema/messages';
import { reviewReplies, reviews } from '../../../db/schema/reviews';
import { users } from '../../../db/schema/users';

/** Providers with a listing who are due this month's mail: not unsubscribed, not yet sent it. */
export function findDueProviders(db: Executor, month: string, limit: number) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.isProvider, true),
        sql`exists (select 1 from ${listings} where ${listings.providerId} = ${users.id})`,
        sql`not exists (select 1 from ${monthlyFiguresMail} m where m.user_id = ${users.id} and (m.unsubscribed or m.last_month = ${month}))`,
      ),
    )
    .orderBy(users.id)
    .limit(limit);
}

/** Claims a provider's month: true once, for the one server (and transaction) that moved it. */
export async function claimMonth(db: Executor, userId: string, month: string): Promise<boolean> {
  const claimed = await db
    .insert(monthlyFiguresMail)
    .values({ userId, lastMonth: month })
    .onConflictDoUpdate({
      target: monthlyFiguresMail.userId,
      set: { lastMonth: month },
      setWhere: sql`${monthlyFiguresMail.lastMonth} is distinct from ${month} and not ${monthlyFiguresMail.unsubscribed}`,
    })
    .returning({ userId: monthlyFiguresMail.userId });
  return claimed.length > 0;
}

export async function countUnreadLeads(db: Executor, providerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.recipientId, providerId), eq(messages.kind, 'listing'), isNull(messages.readAt)));
  return row?.n ?? 0;
}

/**
 * Reviews the provider can still answer and has not: on their live listings, shown to visitors
 * (published, or under review with a mark), with no row in review_replies. Hidden reviews wait for
 * a moderator and removed ones cannot be answered, so neither is counted.
 */
export async function countReviewsAwaitingReply(db: Executor, providerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    .where(
      and(
        eq(listings.providerId, providerId),
        eq(listings.status, 'approved'),
        inArray(reviews.moderation, ['published', 'under_review']),
        sql`not exists (select 1 from ${reviewReplies} where ${reviewReplies.reviewId} = ${reviews.id})`,
      ),
    );
  return row?.n ?? 0;
}

export async function isSubscribed(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ unsubscribed: monthlyFiguresMail.unsubscribed }).from(monthlyFiguresMail).where(eq(monthlyFiguresMail.userId, userId));
  return !row?.unsubscribed;
}

export async function setSubscribed(db: Executor, userId: string, subscribed: boolean): Promise<void> {
  await db
    .insert(monthlyFiguresMail)
    .values({ userId, unsubscribed: !subscribed })
    .onConflictDoUpdate({ target: monthlyFiguresMail.userId, set: { unsubscribed: !subscribed } });
}
