import { sql } from 'drizzle-orm';
import type { Transaction } from '../client';
import { listingDailyFigures } from '../schema/daily-figures';
import { listingDailyViews, listings } from '../schema/listings';
import { messages } from '../schema/messages';
import { favorites, reviews } from '../schema/reviews';
import { inquiryMessages, reviewComments } from './catalogue/review-comments';
import type { DemoUser } from './demo-accounts';
import type { DemoListing } from './demo-catalogue';
import type { Random } from './random';

const DAY = 24 * 60 * 60 * 1000;
/** The trending score reads the last 30 days of views. */
const TRENDING_DAYS = 30;

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
  return rows;
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
  return rows;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

type DayFigures = Omit<typeof listingDailyFigures.$inferInsert, 'listingId' | 'day'>;

/**
 * Each live listing's figures per UTC day from the day it went up (at most about 90 days ago) to
 * today, as the site would have counted them: views (a handful of listings "rising" towards today,
 * a few fading, so the trending ranking has a clear shape), unique visitors, website clicks of
 * tools, appearances in search results and in its category's list. The last 30 days of views also
 * feed the trending score's own table; the all-time view count is the sum of the history, so the
 * provider dashboard's total and the insight screen's days agree.
 */
function viewHistory(random: Random, live: DemoListing[], now: Date) {
  const figures = new Map<string, DayFigures>();
  const dailyViews: (typeof listingDailyViews.$inferInsert)[] = [];
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
    for (let daysAgo = 0; daysAgo <= listingAgeDays; daysAgo++) {
      // The trend shapes the last 30 days; before them a listing drew its steady base.
      const recent = Math.min(daysAgo, TRENDING_DAYS);
      const trend = shape === 'rising' ? 1 + (3 * (TRENDING_DAYS - recent)) / TRENDING_DAYS : shape === 'fading' ? 0.3 + recent / TRENDING_DAYS : 1;
      const views = Math.round(base * trend * (0.5 + random.next()));
      const day = dayOf(new Date(now.getTime() - daysAgo * DAY));
      const visitors = Math.round(views * (0.6 + random.next() * 0.3));
      figures.set(`${listing.id}/${day}`, {
        views,
        uniqueVisitors: visitors,
        websiteClicks: listing.type === 'tools' ? Math.round(visitors * random.next() * 0.3) : 0,
        searchAppearances: Math.round((views + 1) * (2 + random.next() * 6)),
        categoryAppearances: Math.round((views + 1) * (1 + random.next() * 3)),
      });
      total += views;
      if (daysAgo < TRENDING_DAYS && views > 0) dailyViews.push({ listingId: listing.id, day, views });
    }
    viewCounts.push({ id: listing.id, viewCount: total });
  }
  return { figures, dailyViews, viewCounts };
}

/**
 * Writes the daily figures the seed's own history makes: the views above, and every lead,
 * favourite and review on the day it is dated. The triggers that count those writes put them all
 * on the day of the seed (they count "now"), so their rows are replaced here, in the same
 * transaction.
 */
async function insertDailyFigures(
  tx: Transaction,
  history: ReturnType<typeof viewHistory>,
  activity: { leads: { listingId: number; createdAt: Date }[]; favourites: { listingId: number; createdAt: Date }[]; reviews: { listingId: number; createdAt: Date; rating: number }[] },
) {
  const { figures, dailyViews, viewCounts } = history;
  const at = (listingId: number, createdAt: Date) => {
    const key = `${listingId}/${dayOf(createdAt)}`;
    let row = figures.get(key);
    if (!row) figures.set(key, (row = {}));
    return row;
  };
  for (const lead of activity.leads) {
    const row = at(lead.listingId, lead.createdAt);
    row.leads = (row.leads ?? 0) + 1;
  }
  for (const favourite of activity.favourites) {
    const row = at(favourite.listingId, favourite.createdAt);
    row.favouritesAdded = (row.favouritesAdded ?? 0) + 1;
  }
  for (const review of activity.reviews) {
    const row = at(review.listingId, review.createdAt);
    row.newReviews = (row.newReviews ?? 0) + 1;
    row.ratingSum = (row.ratingSum ?? 0) + review.rating;
  }
  await tx.delete(listingDailyFigures);
  const rows = [...figures].map(([key, row]) => {
    const [listingId, day] = key.split('/');
    return { listingId: Number(listingId), day: day!, ...row };
  });
  for (let start = 0; start < rows.length; start += 1_000) await tx.insert(listingDailyFigures).values(rows.slice(start, start + 1_000));
  if (dailyViews.length > 0) await tx.insert(listingDailyViews).values(dailyViews);
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
  return rows;
}

/** What members did with the catalogue: reviews (and the cached ratings), favourites, views, inquiries, and the daily figures of them all. */
export async function insertDemoActivity(
  tx: Transaction,
  random: Random,
  options: { listings: DemoListing[]; members: DemoUser[]; demoProvider: DemoUser; now: Date },
) {
  const live = options.listings.filter((listing) => listing.status === 'approved');
  const reviewRows = await insertReviews(tx, random, live, options.members, options.now);
  const favourites = await insertFavorites(tx, random, live, options.members, options.now);
  const history = viewHistory(random, live, options.now);
  const leads = await insertInquiries(tx, random, live, options.members, options.demoProvider, options.now);
  await insertDailyFigures(tx, history, { leads, favourites, reviews: reviewRows });
}
