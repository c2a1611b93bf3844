import { and, asc, desc, eq, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { reviewReplies, reviewReports, reviews } from '../../../db/schema/reviews';
import { users } from '../../../db/schema/users';
import { LOW_RATING_MAX, WARN_AFTER_REJECTED } from '../../../shared/schemas/review-moderation';

/**
 * Whether an administrator has decided that the review's present words stay up: a report of it
 * was kept (or edited, the moderator's version being the one shown) after its author last wrote
 * it. `reportedAt`, when given, asks whether that decision came before that moment.
 */
function standsDecided(reviewId: SQL, reportedAt?: SQL) {
  return sql<boolean>`exists (
    select 1 from ${reviewReports} as decided join ${reviews} as decided_review on decided_review.id = decided.review_id
    where decided.review_id = ${reviewId} and decided.outcome in ('kept', 'edited')
      and decided.resolved_at >= decided_review.updated_at${reportedAt ? sql` and decided.resolved_at <= ${reportedAt}` : sql``}
  )`;
}

/** A review with what replying, reporting and deciding need: its listing and its author. */
export async function findReviewContext(db: Executor, reviewId: number, { lock = false } = {}) {
  const query = db
    .select({
      review: {
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        moderation: reviews.moderation,
        userId: reviews.userId,
        listingId: reviews.listingId,
        kept: standsDecided(sql`${reviews.id}`),
      },
      listing: { id: listings.id, type: listings.type, slug: listings.slug, title: listings.title, status: listings.status, providerId: listings.providerId },
      author: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, reviewId))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: reviews }) : await query;
  return row;
}
export type ReviewContext = NonNullable<Awaited<ReturnType<typeof findReviewContext>>>;

export async function setReviewModeration(db: Executor, reviewId: number, moderation: (typeof reviews.$inferSelect)['moderation']) {
  await db.update(reviews).set({ moderation }).where(eq(reviews.id, reviewId));
}

/** A moderator's edit of the comment: the rating and the author's own dates stay. */
export async function setModeratedComment(db: Executor, reviewId: number, comment: string) {
  await db.update(reviews).set({ comment, moderation: 'published', moderatorEditedAt: new Date() }).where(eq(reviews.id, reviewId));
}

// Replies

export async function findReply(db: Executor, reviewId: number) {
  const [row] = await db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId)).limit(1);
  return row;
}

/** Creates the review's one reply, or edits it (then marked edited); answers whether it was new. */
export async function upsertReply(db: Executor, reviewId: number, authorId: string, body: string) {
  const [row] = await db
    .insert(reviewReplies)
    .values({ reviewId, authorId, body })
    .onConflictDoUpdate({ target: reviewReplies.reviewId, set: { body, authorId, editedAt: sql`now()` } })
    .returning({ body: reviewReplies.body, createdAt: reviewReplies.createdAt, editedAt: reviewReplies.editedAt });
  return row!;
}

export async function deleteReply(db: Executor, reviewId: number) {
  const rows = await db.delete(reviewReplies).where(eq(reviewReplies.reviewId, reviewId)).returning({ id: reviewReplies.id });
  return rows.length > 0;
}

// Reports

/** Stores a report unless the reporter already has an open one on the review (then undefined). */
export async function insertReport(db: Executor, row: typeof reviewReports.$inferInsert) {
  const [stored] = await db
    .insert(reviewReports)
    .values(row)
    .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.reporterId], where: isNull(reviewReports.resolvedAt) })
    .returning({ id: reviewReports.id, reason: reviewReports.reason });
  return stored;
}

/** The reviews of one listing on which the user has an open report. */
export async function openReportsOnListing(db: Executor, userId: string, listingId: number) {
  const rows = await db
    .select({ reviewId: reviewReports.reviewId })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .where(and(eq(reviewReports.reporterId, userId), isNull(reviewReports.resolvedAt), eq(reviews.listingId, listingId)));
  return rows.map((row) => row.reviewId);
}

/**
 * A person's own reports, the newest first, with what "My reports" shows of the review: its
 * listing and the rating it had when reported; never its text, author or other reporters.
 */
export async function reportsByReporter(db: Executor, reporterId: string, limit: number, offset: number) {
  const mine = eq(reviewReports.reporterId, reporterId);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: reviewReports.id,
        reason: reviewReports.reason,
        role: reviewReports.reporterRole,
        createdAt: reviewReports.createdAt,
        outcome: reviewReports.outcome,
        resolvedAt: reviewReports.resolvedAt,
        reviewId: reviewReports.reviewId,
        reviewRating: reviewReports.reviewRating,
        listing: { id: listings.id, type: listings.type, slug: listings.slug, title: listings.title, status: listings.status },
      })
      .from(reviewReports)
      .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
      .innerJoin(listings, eq(listings.id, reviews.listingId))
      .where(mine)
      .orderBy(desc(reviewReports.createdAt), desc(reviewReports.id))
      .limit(limit)
      .offset(offset),
    db.$count(reviewReports, mine),
  ]);
  return { rows, total };
}

/**
 * The warning rule (review-moderation.ts): a provider's last WARN_AFTER_REJECTED reports as a
 * provider were all rejected and all on reviews of LOW_RATING_MAX stars or fewer. A report still
 * open on a review an administrator had already kept counts as rejected from the moment it is
 * made: the question was decided, and asking it again is what reporting one's critics looks like
 * (`decidedOnly` leaves those out, for telling a provider of the warning when it is decided).
 */
export async function warnedProviders(db: Executor, userIds: string[], { decidedOnly = false } = {}): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const askedAgain = and(isNull(reviewReports.resolvedAt), standsDecided(sql`${reviewReports.reviewId}`, sql`${reviewReports.createdAt}`));
  const counted = decidedOnly ? sql`${reviewReports.resolvedAt} is not null` : or(sql`${reviewReports.resolvedAt} is not null`, askedAgain);
  const recent = db
    .select({
      reporterId: reviewReports.reporterId,
      outcome: sql<string>`coalesce(${reviewReports.outcome}, 'kept')`.as('outcome'),
      rating: reviewReports.reviewRating,
      n: sql<number>`row_number() over (partition by ${reviewReports.reporterId} order by coalesce(${reviewReports.resolvedAt}, ${reviewReports.createdAt}) desc, ${reviewReports.id} desc)`.as('n'),
    })
    .from(reviewReports)
    .where(and(eq(reviewReports.reporterRole, 'provider'), counted, inArray(reviewReports.reporterId, userIds)))
    .as('recent');
  const rows = await db
    .select({ reporterId: recent.reporterId })
    .from(recent)
    .where(lte(recent.n, WARN_AFTER_REJECTED))
    .groupBy(recent.reporterId)
    .having(sql`count(*) = ${WARN_AFTER_REJECTED} and bool_and(${recent.outcome} = 'kept' and ${recent.rating} <= ${LOW_RATING_MAX})`);
  return new Set(rows.flatMap((row) => (row.reporterId ? [row.reporterId] : [])));
}

// The administrators' queue

/** Reviews with open reports, the one reported longest ago first, and how many there are. */
export async function reportedReviewPage(db: Executor, limit: number, offset: number) {
  const firstReportedAt = sql<Date>`min(${reviewReports.createdAt})`.mapWith((value: string | Date) => new Date(value));
  const rows = await db
    .select({ reviewId: reviewReports.reviewId, firstReportedAt, reportCount: sql<number>`count(*)::int` })
    .from(reviewReports)
    .where(isNull(reviewReports.resolvedAt))
    .groupBy(reviewReports.reviewId)
    .orderBy(asc(firstReportedAt), asc(reviewReports.reviewId))
    .limit(limit)
    .offset(offset);
  return { rows, total: await countReviewsAwaitingDecision(db) };
}

/** How many reviews have open reports: the queue's length, shown on the admin overview. */
export async function countReviewsAwaitingDecision(db: Executor) {
  const [total] = await db.select({ n: sql<number>`count(distinct ${reviewReports.reviewId})::int` }).from(reviewReports).where(isNull(reviewReports.resolvedAt));
  return total?.n ?? 0;
}

export async function reviewsWithListings(db: Executor, reviewIds: number[]) {
  if (reviewIds.length === 0) return [];
  return db
    .select({
      review: { id: reviews.id, rating: reviews.rating, comment: reviews.comment, createdAt: reviews.createdAt, moderation: reviews.moderation },
      author: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      listing: { id: listings.id, type: listings.type, slug: listings.slug, title: listings.title, rating: listings.rating, reviewCount: listings.reviewCount },
    })
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(inArray(reviews.id, reviewIds));
}

export async function openReportsOf(db: Executor, reviewIds: number[]) {
  if (reviewIds.length === 0) return [];
  return db
    .select({
      id: reviewReports.id,
      reviewId: reviewReports.reviewId,
      reason: reviewReports.reason,
      details: reviewReports.details,
      createdAt: reviewReports.createdAt,
      role: reviewReports.reporterRole,
      reporter: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(reviewReports)
    // A deleted reporter's report stays open: the review it flagged still waits for a decision.
    .leftJoin(users, eq(users.id, reviewReports.reporterId))
    .where(and(inArray(reviewReports.reviewId, reviewIds), isNull(reviewReports.resolvedAt)))
    .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id));
}

/** Reviews that count in the rating, by month of writing: the last 12 months that have any. */
export async function ratingHistories(db: Executor, listingIds: number[]) {
  if (listingIds.length === 0) return [];
  const month = sql<string>`to_char(date_trunc('month', ${reviews.createdAt} at time zone 'UTC'), 'YYYY-MM')`;
  return db
    .select({ listingId: reviews.listingId, month, reviews: sql<number>`count(*)::int`, average: sql<string>`round(avg(${reviews.rating})::numeric, 1)` })
    .from(reviews)
    .where(and(inArray(reviews.listingId, listingIds), ne(reviews.moderation, 'removed')))
    .groupBy(reviews.listingId, month)
    .orderBy(reviews.listingId, desc(month));
}

/** Closes every open report of the review with the outcome; answers who reported what. */
export async function closeOpenReports(db: Executor, reviewId: number, outcome: 'kept' | 'edited' | 'removed', adminId: string) {
  return db
    .update(reviewReports)
    .set({ outcome, resolvedAt: new Date(), resolvedById: adminId })
    .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)))
    .returning({ id: reviewReports.id, reporterId: reviewReports.reporterId, reason: reviewReports.reason, role: reviewReports.reporterRole });
}

export async function usersByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
}
