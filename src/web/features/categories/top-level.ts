import type { Category } from '../../../shared/types';

/** The categories without a parent, alphabetically. */
export const topLevel = (categories: Category[]) =>
  categories.filter((category) => category.parentId === null).sort((a, b) => a.name.localeCompare(b.name));
