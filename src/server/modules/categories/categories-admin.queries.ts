import { and, count, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import type { ListingType } from '../../../shared/types';
import type { CategoryRow } from './categories.queries';

export type NewCategoryRow = typeof categories.$inferInsert;

export const findCategoryById = async (db: Executor, id: number): Promise<CategoryRow | undefined> =>
  (await db.select().from(categories).where(eq(categories.id, id)).limit(1))[0];

/** Another category of this type already using the slug (excluding the one being edited). */
export const findSlugClash = async (db: Executor, type: ListingType, slug: string, exceptId?: number) =>
  (
    await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.type, type), eq(categories.slug, slug), exceptId ? ne(categories.id, exceptId) : undefined))
      .limit(1)
  )[0];

export const insertCategory = async (db: Executor, row: NewCategoryRow) => (await db.insert(categories).values(row).returning())[0]!;

export const updateCategory = async (db: Executor, id: number, changes: Partial<NewCategoryRow>) =>
  (await db.update(categories).set({ ...changes, updatedAt: new Date() }).where(eq(categories.id, id)).returning())[0];

export const deleteCategory = (db: Executor, id: number) => db.delete(categories).where(eq(categories.id, id));

export async function countCategoryDependants(db: Executor, id: number) {
  const [[listingCount], [childCount]] = await Promise.all([
    db.select({ n: count() }).from(listings).where(eq(listings.categoryId, id)),
    db.select({ n: count() }).from(categories).where(eq(categories.parentId, id)),
  ]);
  return { listings: listingCount?.n ?? 0, subcategories: childCount?.n ?? 0 };
}
