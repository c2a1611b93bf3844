import type { ReactNode } from 'react';
import { LIST_RESULTS_WINDOW, SEARCH_RESULTS_WINDOW } from '../../../../shared/listing-limits';
import type { ListingSummary, ListingType } from '../../../../shared/types';
import { Skeleton } from '../../../components/ui/skeleton';
import { useListings, type ListingsQuery } from '../api/use-listings';
import { isFiltered, type ListingFilters, noFilters } from '../listing-filters';
import { resultsCountText } from '../results-count';
import { AlsoMatches } from './also-matches';
import { FilterPanel, type CategoryOption } from './filter-panel';
import { FilterSidebar } from './filter-sidebar';
import type { GetForm } from '../use-url-filters';
import { ListingResults } from './listing-results';

type CatalogBrowserProps = {
  type: ListingType;
  filters: ListingFilters;
  onChange: (change: Partial<ListingFilters>) => void;
  hrefForPage: (page: number) => string;
  /** The address of these results with a change applied ('Clear all' links to it). */
  hrefWith: (change: Partial<ListingFilters>) => string;
  /** The filter panel's GET form, for browsers without JavaScript. */
  filterForm: GetForm;
  /** What is sent to the API: the filters, plus anything the page fixes (the category page's category). */
  query: ListingsQuery;
  categories: CategoryOption[];
  allCategoriesLabel?: string;
  /** The heading above the results; the count follows it (or is the heading itself when left out). */
  heading?: string;
  skeletonCount: number;
  emptyTitle: (filtered: boolean) => string;
  emptyDescription?: (filtered: boolean) => string | undefined;
  renderAction?: (listing: ListingSummary) => ReactNode;
};

/** The filter sidebar beside a page of results, with its heading and count: the body of /tools, /services and a category. */
export function CatalogBrowser(props: CatalogBrowserProps) {
  const { type, filters, onChange, query } = props;
  const listings = useListings(type, query);
  const filtered = isFiltered(filters);
  const activeCount =
    [filters.categoryId, filters.price, filters.rating, filters.whiteLabel, filters.minMargin !== undefined, filters.maxCommitment !== undefined, filters.billing, filters.trial, filters.territory, filters.verified].filter(Boolean).length +
    filters.delivery.length +
    filters.programme.length;
  const count = listings.data ? resultsCountText(type, listings.data.total, listings.data.totalExact) : null;

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:px-8">
      <FilterSidebar activeCount={activeCount} clearHref={props.hrefWith({ ...noFilters })}>
        <FilterPanel
          type={type}
          filters={filters}
          onChange={onChange}
          form={props.filterForm}
          categories={props.categories}
          allCategoriesLabel={props.allCategoriesLabel}
        />
      </FilterSidebar>
      <section aria-labelledby="results-heading" aria-busy={listings.isFetching} className="min-w-0">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          {props.heading ? (
            <>
              <h2 id="results-heading" className="text-2xl font-bold text-ink">
                {props.heading}
              </h2>
              {count ? <p className="text-sm font-medium text-muted">{count}</p> : listings.isPending && <Skeleton className="h-4 w-28" />}
            </>
          ) : (
            <h2 id="results-heading" className="text-2xl font-bold text-ink">
              {count ?? (listings.isPending ? <Skeleton className="h-7 w-44" /> : resultsCountText(type, 0))}
            </h2>
          )}
        </div>
        <AlsoMatches type={type} search={query.search === undefined ? undefined : String(query.search)} otherType={listings.data?.otherType} />
        <ListingResults
          data={listings.data}
          isPending={listings.isPending}
          error={listings.error}
          onRetry={() => void listings.refetch()}
          skeletonCount={props.skeletonCount}
          emptyTitle={props.emptyTitle(filtered)}
          emptyDescription={props.emptyDescription?.(filtered)}
          page={filters.page}
          reachable={query.search ? SEARCH_RESULTS_WINDOW : LIST_RESULTS_WINDOW}
          hrefForPage={props.hrefForPage}
          renderAction={props.renderAction}
        />
      </section>
    </div>
  );
}
