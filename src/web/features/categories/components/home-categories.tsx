import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowRight } from '../../../components/ui/icons';
import { useCategories } from '../api/use-categories';
import { topLevel } from '../top-level';
import { CategoryGrid, CategoryGridSkeleton } from './category-grid';

const SHOWN = 8;

/** Up to eight top-level categories for the home page, and 'View All Categories' when there are more. */
export function HomeCategories({ renderError }: { renderError: (error: Error, retry: () => void) => ReactNode }) {
  const categories = useCategories();
  if (categories.isPending) return <CategoryGridSkeleton count={SHOWN} columns={4} />;
  if (categories.error) return renderError(categories.error, () => void categories.refetch());
  const roots = topLevel(categories.data);
  if (roots.length === 0) return <p className="text-muted">Categories will appear here once administrators add them.</p>;
  return (
    <>
      <CategoryGrid categories={roots.slice(0, SHOWN)} all={categories.data} withSubcategories={false} />
      {roots.length > SHOWN && (
        <div className="mt-8 text-center">
          <Link href="/categories" className="inline-flex h-10 items-center gap-2 rounded-md border border-line bg-surface px-4 text-sm font-medium text-ink hover:bg-canvas">
            View All Categories
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      )}
    </>
  );
}
