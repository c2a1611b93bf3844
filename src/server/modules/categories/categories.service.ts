import type { Database } from '../../../db/client';
import type { Category, ListingType } from '../../../shared/types';
import { AppError } from '../../lib/app-error';
import { findCategories, findCategoryBySlug } from './categories.queries';
import { toCategoryJson } from './category-json';

export async function listCategories(db: Database, type?: ListingType): Promise<Category[]> {
  return (await findCategories(db, type)).map(toCategoryJson);
}

export async function categoryBySlug(db: Database, slug: string, type?: ListingType): Promise<Category> {
  const row = await findCategoryBySlug(db, slug, type);
  if (!row) throw AppError.notFound('Category not found');
  return toCategoryJson(row);
}
