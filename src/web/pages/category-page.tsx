import { Link, useSearchParams } from 'wouter';
import type { ListingType } from '../../shared/types';
import { CategoryIcon } from '../components/category-icon';
import { ListingGridSkeleton } from '../components/listing/listing-grid';
import { Button } from '../components/ui/button';
import { useCategories } from '../features/categories/api/use-categories';
import { useCategoryBySlug } from '../features/categories/api/use-category-by-slug';
import { CatalogBrowser } from '../features/catalog/components/catalog-browser';
import { CategoryHeroSkeleton } from '../features/catalog/components/category-hero-skeleton';
import { PageHero } from '../features/catalog/components/page-hero';
import { SearchForm } from '../features/catalog/components/search-form';
import { EmptyState, ErrorState } from '../features/catalog/components/status-message';
import { categoryOptions } from '../features/catalog/category-options';
import { filterFormKeys, toApiQuery } from '../features/catalog/listing-filters';
import { useUrlFilters } from '../features/catalog/use-url-filters';
import { useEntityPageMeta } from '../lib/page-meta';
import { favoriteAction } from '../features/favorites/components/favorite-action';
import { SaveSearchButton } from '../features/alerts/components/save-search-button';


const listingType = (value: string | null): ListingType | undefined => (value === 'tools' || value === 'services' ? value : undefined);

/** /category/{slug}?type=tools|services: one category's listings, searchable and filterable. */
export function CategoryPage({ slug }: { slug: string }) {
  const [params] = useSearchParams();
  const category = useCategoryBySlug(slug, listingType(params.get('type')));
  const { filters, update, hrefForPage, hrefWith, formFor } = useUrlFilters();
  const type = category.data?.type;
  const categories = useCategories();
  useEntityPageMeta('category', category);

  if (category.isPending) {
    return (
      <main className="flex-1">
        <CategoryHeroSkeleton />
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
          <ListingGridSkeleton count={6} />
        </div>
      </main>
    );
  }

  if (category.error) {
    return (
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-16">
        <ErrorState error={category.error} onRetry={() => void category.refetch()} />
      </main>
    );
  }

  if (!category.data || !type) {
    return (
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-16">
        <EmptyState headingLevel="h1" title="Category Not Found" description="The category you are looking for does not exist or has been removed.">
          <Button asChild>
            <Link href="/">Go back home</Link>
          </Button>
        </EmptyState>
      </main>
    );
  }

  const current = category.data;
  const subcategories = categoryOptions(categories.data ?? [], current.id);
  // Only a subcategory of this category narrows the list; anything else in the URL is ignored.
  const chosen = subcategories.some((option) => option.id === filters.categoryId) ? filters.categoryId : undefined;
  const noun = type === 'tools' ? 'tools' : 'services';
  const query = { ...toApiQuery(type, filters), categoryId: chosen ?? current.id };

  return (
    <main className="flex-1">
      <PageHero title={current.name} description={current.description} icon={current.icon ? <CategoryIcon name={current.icon} className="h-8 w-8" /> : undefined}>
        <SearchForm
          initialTerm={filters.search}
          placeholder={`Search ${current.name}...`}
          label={`Search ${current.name}`}
          form={formFor(['search'])}
          onSearch={(search) => update({ search })}
        />
      </PageHero>
      <CatalogBrowser
        type={type}
        filters={{ ...filters, categoryId: chosen }}
        onChange={update}
        hrefForPage={hrefForPage}
        hrefWith={hrefWith}
        filterForm={formFor(filterFormKeys)}
        sortForm={formFor(['sort'])}
        query={query}
        categories={subcategories}
        allCategoriesLabel={`All ${current.name}`}
        skeletonCount={6}
        emptyTitle={() => `No ${noun} found`}
        emptyDescription={(filtered) => (filtered ? 'Try adjusting your search terms or filters' : `Nothing is listed in ${current.name} yet. Check back soon.`)}
        renderAction={favoriteAction}
        alertAction={<SaveSearchButton type={type} query={query} defaultName={filters.search ? `${current.name}: ${filters.search}` : current.name} />}
      />
      {current.bottomContent && (
        <section aria-label={`About ${current.name}`} className="mx-auto max-w-7xl px-4 pb-12 sm:px-6 lg:px-8">
          {/* Sanitised on the server before it is stored (only safe tags and link schemes survive). */}
          <div className="rich-text rounded-xl border border-line bg-surface p-6 text-ink shadow-sm sm:p-8" dangerouslySetInnerHTML={{ __html: current.bottomContent }} />
        </section>
      )}
    </main>
  );
}
