import { sql } from 'drizzle-orm';
import type { Transaction } from '../client';
import { listingDailyViews, listings } from '../schema/listings';
import { messages } from '../schema/messages';
import { favorites, reviews } from '../schema/reviews';
import { inquiryMessages, reviewComments } from './catalogue/review-comments';
import type { DemoUser } from './demo-accounts';
import type { DemoListing } from './demo-catalogue';
import type { Random } from './random';

const DAY = 24 * 60 * 60 * 1000;
const VIEW_HISTORY_DAYS = 30;

/** A moment between `from` and `to`. */
const between = (random: Random, from: Date, to: Date) => new Date(from.getTime() + random.next() * (to.getTime() - from.getTime()));

/** The later of a listing's and a member's creation: nobody acts before both existed. */
const since = (listing: DemoListing, member: DemoUser) => new Date(Math.max(listing.createdAt.getTime(), member.createdAt.getTime()));

/** Mostly four and five stars, as on real marketplaces, with enough low ratings to be believable. */
const ratingWeights = [
  [5, 46],
  [4, 34],
  [3, 11],
  [2, 5],
  [1, 4],
] as const;

const sizes = ['1-10', '11-50', '51-200', '201+'] as const;

/**
 * The reviewer's context as the text tells it: a review about clients was written by an agency
 * that resold it, one about "our team" by one that used it in-house; a text that says neither
 * (and one review in four of the rest) leaves it unsaid, as real reviewers often do. Chosen from
 * `turn` rather than the seeded random, so the rest of the demo stays as it was.
 */
function reviewerOf(comment: string, turn: number) {
  const reviewerContext = /\bresold|\bresell|client/i.test(comment) ? 'resold' : /\bour team|\bthe team|\bin-house/i.test(comment) ? 'in_house' : null;
  if (!reviewerContext || turn % 4 === 3) return { reviewerContext: null, agencySize: null };
  return { reviewerContext, agencySize: turn % 5 === 4 ? null : sizes[turn % sizes.length]! } as const;
}

async function insertReviews(tx: Transaction, random: Random, live: DemoListing[], members: DemoUser[], now: Date) {
  const rows = live.flatMap((listing) => {
    const count = random.weighted([
      [0, 2],
      [1, 2],
      [2, 3],
      [3, 3],
      [4, 3],
      [5, 2],
      [7, listing.isFeatured ? 4 : 1],
    ]);
    return random.sample(members, count).map((member) => {
      const rating = random.weighted(ratingWeights);
      const createdAt = between(random, since(listing, member), now);
      const comment = random.pick(reviewComments[rating]).replace('{title}', listing.title);
      return {
        listingId: listing.id,
        userId: member.id,
        rating,
        comment,
        ...reviewerOf(comment, listing.id + members.indexOf(member)),
        createdAt,
        updatedAt: createdAt,
      };
    });
  });
  if (rows.length > 0) await tx.insert(reviews).values(rows);

  // The cached aggregates, computed exactly as the reviews module does after every review write.
  await tx.update(listings).set({
    rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 1) from ${reviews} where ${reviews.listingId} = ${listings.id}), 0)`,
    reviewCount: sql`(select count(*) from ${reviews} where ${reviews.listingId} = ${listings.id})`,
  });
}

async function insertFavorites(tx: Transaction, random: Random, live: DemoListing[], members: DemoUser[], now: Date) {
  const rows = members.flatMap((member, index) =>
    // The documented demo member (first) always has a few, so the favourites screens have content.
    random.sample(live, index === 0 ? 5 : random.int(0, 6)).map((listing) => ({
      userId: member.id,
      listingId: listing.id,
      createdAt: between(random, since(listing, member), now),
    })),
  );
  if (rows.length > 0) await tx.insert(favorites).values(rows);
}

/**
 * Detail views per day over the last 30 days, for the trending score. A handful of listings are
 * "rising" (views growing towards today) and a few are fading, so the ranking has a clear shape.
 */
async function insertDailyViews(tx: Transaction, random: Random, live: DemoListing[], now: Date) {
  const rows: (typeof listingDailyViews.$inferInsert)[] = [];
  const viewCounts: { id: number; viewCount: number }[] = [];
  for (const listing of live) {
    const base = random.int(1, 10) * (listing.isFeatured ? 2 : 1);
    const shape = random.weighted([
      ['steady', 6],
      ['rising', 2],
      ['fading', 1],
    ] as const);
    const listingAgeDays = Math.floor((now.getTime() - listing.createdAt.getTime()) / DAY);
    let total = 0;
    for (let daysAgo = 0; daysAgo < Math.min(VIEW_HISTORY_DAYS, listingAgeDays + 1); daysAgo++) {
      const trend = shape === 'rising' ? 1 + (3 * (VIEW_HISTORY_DAYS - daysAgo)) / VIEW_HISTORY_DAYS : shape === 'fading' ? 0.3 + daysAgo / VIEW_HISTORY_DAYS : 1;
      const views = Math.round(base * trend * (0.5 + random.next()));
      if (views === 0) continue;
      total += views;
      rows.push({ listingId: listing.id, day: new Date(now.getTime() - daysAgo * DAY).toISOString().slice(0, 10), views });
    }
    // The all-time counter includes the months before the daily history.
    viewCounts.push({ id: listing.id, viewCount: total + Math.round((random.int(20, 60) * base * Math.min(listingAgeDays, 240)) / 30) });
  }
  if (rows.length > 0) await tx.insert(listingDailyViews).values(rows);
  if (viewCounts.length > 0) {
    const values = sql.join(
      viewCounts.map(({ id, viewCount }) => sql`(${id}::integer, ${viewCount}::integer)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${listings} set view_count = counts.view_count from (values ${values}) as counts(id, view_count) where ${listings.id} = counts.id`,
    );
  }
}

/** Inquiries about services, so providers' lead inboxes (the demo provider's above all) are not empty. */
async function insertInquiries(
  tx: Transaction,
  random: Random,
  live: DemoListing[],
  members: DemoUser[],
  demoProvider: DemoUser,
  now: Date,
) {
  const services = live.filter((listing) => listing.type === 'services');
  const demoProviderServices = services.filter((listing) => listing.providerId === demoProvider.id);
  const targets = [...random.sample(demoProviderServices, 3), ...random.sample(services, 9)];
  const rows = targets.map((listing, index) => {
    // The demo member (first) is left out so their own screens start clean of sent messages.
    const sender = random.pick(members.slice(1));
    const createdAt = between(random, new Date(Math.max(since(listing, sender).getTime(), now.getTime() - 21 * DAY)), now);
    return {
      kind: 'listing' as const,
      listingId: listing.id,
      recipientId: listing.providerId,
      senderId: sender.id,
      name: `${sender.firstName} ${sender.lastName}`,
      email: sender.email,
      message: inquiryMessages[index % inquiryMessages.length]!,
      readAt: random.chance(0.4) ? between(random, createdAt, now) : null,
      createdAt,
    };
  });
  if (rows.length > 0) await tx.insert(messages).values(rows);
}

/** What members did with the catalogue: reviews (and the cached ratings), favourites, views, inquiries. */
export async function insertDemoActivity(
  tx: Transaction,
  random: Random,
  options: { listings: DemoListing[]; members: DemoUser[]; demoProvider: DemoUser; now: Date },
) {
  const live = options.listings.filter((listing) => listing.status === 'approved');
  await insertReviews(tx, random, live, options.members, options.now);
  await insertFavorites(tx, random, live, options.members, options.now);
  await insertDailyViews(tx, random, live, options.now);
  await insertInquiries(tx, random, live, options.members, options.demoProvider, options.now);
}
