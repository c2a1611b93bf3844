import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { listings } from './listings';
import { users } from './users';

/**
 * A listing's figures for one UTC day (docs/decisions/daily-figures.md): one row per listing per
 * day, each column a counter that only ever grows by `x = x + excluded.x`. Views, visitors,
 * website clicks and appearances in result pages are added by each server's batcher every few
 * seconds; leads, favourites and reviews by triggers in the same transaction as the row they count
 * (migration 0019). Rows older than 25 months are deleted daily.
 */
export const listingDailyFigures = pgTable(
  'listing_daily_figures',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    uniqueVisitors: integer('unique_visitors').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    favouritesAdded: integer('favourites_added').notNull().default(0),
    favouritesRemoved: integer('favourites_removed').notNull().default(0),
    websiteClicks: integer('website_clicks').notNull().default(0),
    searchAppearances: integer('search_appearances').notNull().default(0),
    categoryAppearances: integer('category_appearances').notNull().default(0),
    newReviews: integer('new_reviews').notNull().default(0),
    /** The sum of the new reviews' ratings: their mean is ratingSum / newReviews. */
    ratingSum: integer('rating_sum').notNull().default(0),
    /** Applications to the listing's partner programme, counted in the transaction that stores each. */
    partnerApplications: integer('partner_applications').notNull().default(0),
  },
  // Listing first: the insight screen reads one listing's (or one provider's) range of days, and
  // the category comparison its listings' ranges. The key's index also carries every counter,
  // (listing_id, day) INCLUDE (views ... rating_sum), so those ranges are read from it alone;
  // declared in migration 0023 alone: drizzle cannot express INCLUDE.
  (t) => [primaryKey({ columns: [t.listingId, t.day] }), index('listing_daily_figures_day_idx').on(t.day)],
);

/**
 * The batches of counts already added, by the id their server gave them: a batch retried after an
 * answer that never came (the connection dropped after the commit) is found here and not added
 * twice. Kept a day.
 */
export const dailyFigureFlushes = pgTable('daily_figure_flushes', {
  id: text('id').primaryKey(),
  flushedAt: timestamp('flushed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The monthly figures e-mail of each provider who has had one: whether they unsubscribed, and the
 * last month sent ('YYYY-MM'). A server claims a provider's month by moving `lastMonth` in the same
 * transaction as the outbox row, so several servers send each month's mail once.
 */
export const monthlyFiguresMail = pgTable('monthly_figures_mail', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unsubscribed: boolean('unsubscribed').notNull().default(false),
  lastMonth: text('last_month'),
});
