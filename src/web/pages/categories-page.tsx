import type { CategorySummary } from '../../shared/types';
import { useCategories } from '../features/categories/api/use-categories';
import { CategoryGrid, CategoryGridSkeleton } from '../features/categories/components/category-grid';
import { topLevel } from '../features/categories/top-level';
import { PageHero } from '../features/catalog/components/page-hero';
import { EmptyState, ErrorState } from '../features/catalog/components/status-message';
import { usePageMeta } from '../lib/page-meta';

const EMPTY_DESCRIPTION = 'They will appear here once administrators add them.';

function CategoryGroup({ title, categories, all }: { title: string; categories: CategorySummary[]; all: CategorySummary[] }) {
  return (
    <section aria-labelledby={`${title}-heading`.replace(/\s/g, '-')} className="space-y-5">
      <h2 id={`${title}-heading`.replace(/\s/g, '-')} className="text-2xl font-bold text-ink">
        {title}
      </h2>
      {categories.length > 0 ? (
        <CategoryGrid categories={categories} all={all} />
      ) : (
        <p className="rounded-xl border border-dashed border-line bg-surface px-5 py-8 text-center text-sm text-muted">
          No {title.toLowerCase()} found. {EMPTY_DESCRIPTION}
        </p>
      )}
    </section>
  );
}

/** /categories: every top-level category of both kinds, with its subcategories. */
export function CategoriesPage() {
  usePageMeta('categories');
  const categories = useCategories();
  const all = categories.data ?? [];
  const roots = topLevel(all);

  return (
    <main className="flex-1">
      <PageHero title="Browse Categories" description="Find the right tools and services for your agency, grouped by what they help you do." />
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10 sm:px-6 lg:px-8">
        {categories.isPending ? (
          <CategoryGridSkeleton count={8} />
        ) : categories.error ? (
          <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />
        ) : roots.length === 0 ? (
          <EmptyState title="No categories found" description="Categories will appear here once administrators add them." />
        ) : (
          <>
            <CategoryGroup title="Service Categories" categories={roots.filter((category) => category.type === 'services')} all={all} />
            <CategoryGroup title="Tool Categories" categories={roots.filter((category) => category.type === 'tools')} all={all} />
          </>
        )}
      </div>
    </main>
  );
}
