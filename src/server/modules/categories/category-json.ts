import type { Category } from '../../../shared/types';
import type { CategoryRow } from './categories.queries';

/** The API shape of a category (SPEC.md section 3). */
export function toCategoryJson(row: CategoryRow): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    type: row.type,
    parentId: row.parentId,
    bottomContent: row.bottomContent,
  };
}
