import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import type { ListingType } from '../../../shared/types';

export type CategoryRow = typeof categories.$inferSelect;

/** All categories, or one type's, by name (then id, so equal names keep a stable order). */
export function findCategories(db: Executor, type?: ListingType): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(type ? eq(categories.type, type) : undefined)
    .orderBy(asc(categories.name), asc(categories.id));
}

/**
 * A slug is unique within a type only; without a type the oldest category with that slug wins,
 * so the answer never changes from one request to the next.
 */
export async function findCategoryBySlug(db: Executor, slug: string, type?: ListingType): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.slug, slug), type ? eq(categories.type, type) : undefined))
    .orderBy(asc(categories.id))
    .limit(1);
  return row;
}
