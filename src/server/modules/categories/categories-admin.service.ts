import type { Database, Executor } from '../../../db/client';
import type { CategoryFormValues } from '../../../shared/schemas/category';
import type { Category } from '../../../shared/types';
import { AppError } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/sanitize-html';
import { recordAudit } from '../audit/audit.queries';
import type { UserRow } from '../users/users.queries';
import * as queries from './categories-admin.queries';
import { toCategoryJson } from './category-json';
import { listingNoun } from '../../../shared/listing-type';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Checks the form's rules that need the database, and gives the row to store. */
async function toRow(db: Executor, input: CategoryFormValues, editingId?: number): Promise<queries.NewCategoryRow> {
  if (await queries.findSlugClash(db, input.type, input.slug, editingId)) {
    throw AppError.conflict(`A ${listingNoun(input.type)} category with the slug "${input.slug}" already exists`);
  }
  const parentId = input.parentId ?? null;
  if (parentId !== null) {
    if (parentId === editingId) throw AppError.badRequest('A category cannot be its own parent', { parentId: 'A category cannot be its own parent' });
    const parent = await queries.findCategoryById(db, parentId);
    if (!parent) throw AppError.badRequest('The parent category does not exist', { parentId: 'The parent category does not exist' });
    if (parent.type !== input.type) {
      throw AppError.badRequest('The parent category must be of the same type', { parentId: 'The parent category must be of the same type' });
    }
    if (parent.parentId !== null) {
      throw AppError.badRequest('The parent must be a top-level category', { parentId: 'The parent must be a top-level category' });
    }
  }
  return {
    name: input.name,
    slug: input.slug,
    type: input.type,
    description: blankToNull(input.description),
    icon: blankToNull(input.icon),
    parentId,
    bottomContent: sanitizeRichText(input.bottomContent),
  };
}

export async function createCategory(db: Database, admin: UserRow, input: CategoryFormValues): Promise<Category> {
  return db.transaction(async (tx) => {
    const row = await queries.insertCategory(tx, await toRow(tx, input));
    await recordAudit(tx, { actorId: admin.id, action: 'category.create', entityType: 'category', entityId: row.id, details: { name: row.name, type: row.type } });
    return toCategoryJson(row);
  });
}

export async function updateCategory(db: Database, admin: UserRow, id: number, input: CategoryFormValues): Promise<Category> {
  return db.transaction(async (tx) => {
    const existing = await queries.findCategoryById(tx, id);
    if (!existing) throw AppError.notFound('Category not found');
    const changes = await toRow(tx, input, id);
    if (changes.type !== existing.type) {
      // Its listings and subcategories are of the old type; moving it would mix the two catalogues.
      const dependants = await queries.countCategoryDependants(tx, id);
      if (dependants.listings || dependants.subcategories) {
        throw AppError.conflict('The type of a category with listings or subcategories cannot be changed');
      }
    }
    if (changes.parentId !== null) {
      const { subcategories } = await queries.countCategoryDependants(tx, id);
      if (subcategories) throw AppError.conflict('A category with subcategories must stay top-level');
    }
    const row = (await queries.updateCategory(tx, id, changes))!;
    await recordAudit(tx, { actorId: admin.id, action: 'category.update', entityType: 'category', entityId: id, details: { name: row.name, type: row.type } });
    return toCategoryJson(row);
  });
}

export async function deleteCategory(db: Database, admin: UserRow, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await queries.findCategoryById(tx, id);
    if (!existing) throw AppError.notFound('Category not found');
    const { listings, subcategories } = await queries.countCategoryDependants(tx, id);
    if (listings || subcategories) {
      const what = [listings && plural(listings, 'listing', 'listings'), subcategories && plural(subcategories, 'subcategory', 'subcategories')]
        .filter(Boolean)
        .join(' and ');
      throw AppError.conflict(`This category still has ${what}. Move or delete them first.`);
    }
    await queries.deleteCategory(tx, id);
    await recordAudit(tx, { actorId: admin.id, action: 'category.delete', entityType: 'category', entityId: id, details: { name: existing.name, type: existing.type } });
  });
}
