import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import type { SiteBrandSettings } from '../../shared/schemas/site-brand';
import { updatedAt } from './columns';

/**
 * The operator's brand (docs/decisions/site-brand.md): one row, id 1, holding the Site settings as
 * saved. No row means the environment's names and the spec's texts. Kept as one document so a new
 * setting needs no migration; it is checked by the shared schema on the way in and out.
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').$type<SiteBrandSettings>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('site_settings_one_row', sql`${t.id} = 1`)],
);
