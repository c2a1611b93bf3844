import type { ListingType } from '../../shared/types';
import { useCategories } from '../features/categories/api/use-categories';
import { CatalogBrowser } from '../features/catalog/components/catalog-browser';
import { PageHero } from '../features/catalog/components/page-hero';
import { SearchForm } from '../features/catalog/components/search-form';
import { categoryOptions } from '../features/catalog/category-options';
import { filterFormKeys, toApiQuery } from '../features/catalog/listing-filters';
import { useUrlFilters } from '../features/catalog/use-url-filters';
import { useSite } from '../lib/site';
import { usePageMeta } from '../lib/page-meta';
import { favoriteAction } from '../features/favorites/components/favorite-action';
import { SaveSearchButton } from '../features/alerts/components/save-search-button';


const copy = {
  tools: {
    noun: 'Tools',
    lead: 'Software your agency can resell under its own name, vetted and reviewed by agencies like yours.',
    search: 'Search tools...',
    nothing: 'No tools are available at the moment',
  },
  services: {
    noun: 'Services',
    lead: 'Professional services delivered by trusted providers, ready for your agency to resell.',
    search: 'Search services...',
    nothing: 'No services are available at the moment',
  },
} as const;

/** /tools and /services: search, filters and every approved listing of the type, page by page. */
export function ListingsPage({ type }: { type: ListingType }) {
  const { productName } = useSite();
  usePageMeta(type);
  const { filters, update, hrefForPage, hrefWith, formFor } = useUrlFilters();
  const categories = useCategories(type);
  const text = copy[type];
  const query = toApiQuery(type, filters);
  const heading = filters.search ? `Search results for "${filters.search}"` : `All ${text.noun}`;

  return (
    <main className="flex-1">
      <PageHero title={`${productName} ${text.noun}`} description={text.lead}>
        <SearchForm
          initialTerm={filters.search}
          placeholder={text.search}
          label={`Search ${type}`}
          form={formFor(['search'])}
          onSearch={(search) => update({ search })}
        />
      </PageHero>
      <CatalogBrowser
        type={type}
        filters={filters}
        onChange={update}
        hrefForPage={hrefForPage}
        hrefWith={hrefWith}
        filterForm={formFor(filterFormKeys)}
        sortForm={formFor(['sort'])}
        query={query}
        categories={categoryOptions(categories.data ?? [])}
        heading={heading}
        skeletonCount={6}
        emptyTitle={(filtered) => (filtered ? `No ${type} found` : text.nothing)}
        emptyDescription={(filtered) => (filtered ? 'Try adjusting your search terms or filters' : undefined)}
        renderAction={favoriteAction}
        alertAction={<SaveSearchButton type={type} query={query} defaultName={filters.search ? `${text.noun}: ${filters.search}` : `All ${text.noun}`} />}
      />
    </main>
  );
}
