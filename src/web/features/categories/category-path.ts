import type { Category } from '../../../shared/types';

/** A category's page: /category/{slug}?type=tools|services (SPEC.md section 2). */
export const categoryPath = (category: Pick<Category, 'slug' | 'type'>) => `/category/${encodeURIComponent(category.slug)}?type=${category.type}`;
