import type { CategorySummary } from '../../../shared/types';

/** A category's page: /category/{slug}?type=tools|services (SPEC.md section 2). */
export const categoryPath = (category: Pick<CategorySummary, 'slug' | 'type'>) => `/category/${encodeURIComponent(category.slug)}?type=${category.type}`;
