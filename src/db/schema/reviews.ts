import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { listings } from './listings';
import { users } from './users';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One review per member per listing: a second submission updates the first.
    uniqueIndex('reviews_listing_user_unique').on(t.listingId, t.userId),
    index('reviews_listing_created_idx').on(t.listingId, t.createdAt),
    index('reviews_user_id_idx').on(t.userId),
    // The trending score's 30-day window.
    index('reviews_created_at_idx').on(t.createdAt),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('favorites_listing_id_idx').on(t.listingId),
    index('favorites_user_created_idx').on(t.userId, t.createdAt),
    index('favorites_created_at_idx').on(t.createdAt),
  ],
);
