import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { users } from './users';

/**
 * Stored images (avatars, listing images, screenshots, inline category images), served from
 * /api/images/{id} with long cache headers. Ids are random, so a new image gets a new URL.
 */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['avatar', 'listing', 'screenshot', 'content'] }).notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('images_owner_id_idx').on(t.ownerId)],
);
