import type { CategorySummary } from '../../../shared/types';

/** The categories without a parent, alphabetically. */
export const topLevel = (categories: CategorySummary[]) =>
  categories.filter((category) => category.parentId === null).sort((a, b) => a.name.localeCompare(b.name));
