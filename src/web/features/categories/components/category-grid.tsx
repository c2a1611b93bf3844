import type { CategorySummary } from '../../../../shared/types';
import { cn } from '../../../lib/cn';
import { CategoryCard } from './category-card';
import { CategoryCardSkeleton } from './category-card-skeleton';

// Cards with subcategories need the room of three columns; the compact home cards fit four.
const grid = (columns: 3 | 4) => cn('grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3', columns === 4 && 'xl:grid-cols-4');

/** Top-level categories as cards, each with its subcategories when `withSubcategories`. */
export function CategoryGrid({ categories, all, withSubcategories = true }: { categories: CategorySummary[]; all: CategorySummary[]; withSubcategories?: boolean }) {
  return (
    <div className={grid(withSubcategories ? 3 : 4)}>
      {categories.map((category) => (
        <CategoryCard
          key={category.id}
          category={category}
          subcategories={withSubcategories ? all.filter((candidate) => candidate.parentId === category.id) : []}
          showType={!withSubcategories}
        />
      ))}
    </div>
  );
}

/** `count` category placeholders, announced once to screen readers. */
export function CategoryGridSkeleton({ count, columns = 3 }: { count: number; columns?: 3 | 4 }) {
  return (
    <div role="status" aria-label="Loading categories" className={grid(columns)}>
      {Array.from({ length: count }, (_, index) => (
        <CategoryCardSkeleton key={index} />
      ))}
    </div>
  );
}
