import type { Database } from '../../../db/client';
import type { Category, CategorySummary, ListingType } from '../../../shared/types';
import { AppError } from '../../lib/app-error';
import { findCategories, findCategoryBySlug } from './categories.queries';
import { toCategoryJson } from './category-json';

/** The list for menus, cards and pickers; the category editor asks for the content too. */
export async function listCategories(db: Database, type: ListingType | undefined, withContent: boolean): Promise<CategorySummary[] | Category[]> {
  const categories = (await findCategories(db, type)).map(toCategoryJson);
  return withContent ? categories : categories.map(({ bottomContent: _bottomContent, ...summary }) => summary);
}

export async function categoryBySlug(db: Database, slug: string, type?: ListingType): Promise<Category> {
  const row = await findCategoryBySlug(db, slug, type);
  if (!row) throw AppError.notFound('Category not found');
  return toCategoryJson(row);
}
