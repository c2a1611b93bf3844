import type { CategorySummary } from '../../../shared/types';
import type { CategoryOption } from './components/filter-panel';

/** Categories in the order a picker shows them: each top-level one followed by its subcategories. */
export function categoryOptions(categories: CategorySummary[], parentId: number | null = null): CategoryOption[] {
  const byName = (a: CategorySummary, b: CategorySummary) => a.name.localeCompare(b.name);
  const children = (id: number) => categories.filter((category) => category.parentId === id).sort(byName);
  if (parentId !== null) return children(parentId).map((category) => ({ id: category.id, name: category.name, isSubcategory: false }));
  const known = new Set(categories.map((category) => category.id));
  // A subcategory whose parent is missing from the list still gets shown, at the top level.
  const roots = categories.filter((category) => category.parentId === null || !known.has(category.parentId)).sort(byName);
  return roots.flatMap((root) => [
    { id: root.id, name: root.name, isSubcategory: false },
    ...children(root.id).map((child) => ({ id: child.id, name: child.name, isSubcategory: true })),
  ]);
}
