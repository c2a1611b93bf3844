import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';

export const allCategories = (db: Executor) =>
  db
    .select({ id: categories.id, type: categories.type, slug: categories.slug, name: categories.name, description: categories.description, icon: categories.icon, parentId: categories.parentId })
    .from(categories)
    .for('update');

export type NewCategory = typeof categories.$inferInsert;

export async function insertCategories(db: Executor, rows: NewCategory[]) {
  const inserted: { id: number; type: 'tools' | 'services'; slug: string }[] = [];
  // 1,000 rows of 6 columns per statement, well under PostgreSQL's parameter limit.
  for (let start = 0; start < rows.length; start += 1_000) {
    inserted.push(...(await db.insert(categories).values(rows.slice(start, start + 1_000)).returning({ id: categories.id, type: categories.type, slug: categories.slug })));
  }
  return inserted;
}

export type CategoryUpdate = { id: number; name: string; description: string | null; icon: string | null; parentId: number | null };

/** Many category edits in one statement, the batch as one JSON parameter. */
export async function updateCategories(db: Executor, rows: CategoryUpdate[]) {
  if (!rows.length) return;
  const values = rows.map((row) => ({ id: row.id, name: row.name, description: row.description, icon: row.icon, parent_id: row.parentId }));
  await db.execute(sql`
    update ${categories} as c set name = v.name, description = v.description, icon = v.icon, parent_id = v.parent_id, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id integer, name text, description text, icon text, parent_id integer)
    where c.id = v.id`);
}
