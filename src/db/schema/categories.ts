import { type AnyPgColumn, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './columns';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['tools', 'services'] }).notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    icon: text('icon'),
    // Restrict: a category with subcategories cannot be deleted until they are moved or removed.
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    /** Sanitised HTML, shown below the category's results. */
    bottomContent: text('bottom_content'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_type_slug_unique').on(t.type, t.slug),
    index('categories_parent_id_idx').on(t.parentId),
    check('categories_type_check', sql`${t.type} in ('tools', 'services')`),
  ],
);
