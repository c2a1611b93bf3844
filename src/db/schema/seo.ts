import { sql } from 'drizzle-orm';
import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

export const seoPageTypes = ['home', 'category', 'service', 'tool'] as const;

export const seoTemplates = pgTable('seo_templates', {
  pageType: text('page_type', { enum: seoPageTypes }).primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  updatedAt: updatedAt(),
});

export const seoOverrides = pgTable(
  'seo_overrides',
  {
    id: serial('id').primaryKey(),
    pageType: text('page_type', { enum: seoPageTypes }).notNull(),
    // Listing id, category id or slug; null means the override applies to the page type as a whole.
    entityId: text('entity_id'),
    title: text('title'),
    description: text('description'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('seo_overrides_page_entity_unique').on(t.pageType, sql`coalesce(${t.entityId}, '')`)],
);
