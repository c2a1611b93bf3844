import type { ReactNode } from 'react';
import { LIST_RESULTS_WINDOW, SEARCH_RESULTS_WINDOW } from '../../../../shared/listing-limits';
import type { ListingSummary, ListingType } from '../../../../shared/types';
import { Skeleton } from '../../../components/ui/skeleton';
import { useListings, type ListingsQuery } from '../api/use-listings';
import { countOf } from '../../../../shared/plural';
import { activeFilterChips } from '../active-filters';
import { isFiltered, type ListingFilters, noFilters } from '../listing-filters';
import { resultsCountText } from '../results-count';
import { ActiveFilterChips } from './active-filter-chips';
import { AlsoMatches } from './also-matches';
import { FilterPanel, type CategoryOption } from './filter-panel';
import { FilterSidebar } from './filter-sidebar';
import type { GetForm } from '../use-url-filters';
import { ListingResults } from './listing-results';
import { RelaxedSearch } from './relaxed-search';
import { revealResults, showResults } from './results-position';
import { SortControl } from './sort-control';

type CatalogBrowserProps = {
  type: ListingType;
  filters: ListingFilters;
  onChange: (change: Partial<ListingFilters>) => void;
  hrefForPage: (page: number) => string;
  /** The address of these results with a change applied ('Clear all' links to it). */
  hrefWith: (change: Partial<ListingFilters>) => string;
  /** The filter panel's GET form, for browsers without JavaScript. */
  filterForm: GetForm;
  /** The sort control's GET form, for browsers without JavaScript. */
  sortForm: GetForm;
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
  /** Beside the sort control: the page's "Alert me to new matches". */
  alertAction?: ReactNode;
};

/** The filter sidebar beside a page of results, with its heading and count: the body of /tools, /services and a category. */
export function CatalogBrowser(props: CatalogBrowserProps) {
  const { type, filters, onChange, query } = props;
  const listings = useListings(type, query);
  const filtered = isFiltered(filters);
  const chips = activeFilterChips(type, filters, props.categories);
  const count = listings.data ? resultsCountText(type, listings.data.total, listings.data.totalExact) : null;
  // The phone panel's button counts what the chosen filters find, once the list has answered for them.
  const shown = listings.data && !listings.isPlaceholderData ? listings.data : undefined;
  const showResultsLabel = shown ? `Show ${shown.totalExact === false ? `${shown.total.toLocaleString('en-US')}+ results` : countOf(shown.total, 'result')}` : 'Show results';

  // A choice in the sidebar keeps the top of the results in view on wide screens.
  const change = (next: Partial<ListingFilters>) => {
    onChange(next);
    revealResults();
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:px-8">
      <FilterSidebar activeCount={chips.length} showResultsLabel={showResultsLabel} onShowResults={showResults}>
        <FilterPanel
          type={type}
          filters={filters}
          onChange={change}
          form={props.filterForm}
          categories={props.categories}
          allCategoriesLabel={props.allCategoriesLabel}
        />
      </FilterSidebar>
      {/* #results: where the filter and sort forms land without the script. */}
      <section id="results" aria-labelledby="results-heading" aria-busy={listings.isFetching} className="min-w-0">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          {props.heading ? (
            <>
              <h2 id="results-heading" tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
                {props.heading}
              </h2>
              {count ? <p className="text-sm font-medium text-muted">{count}</p> : listings.isPending && <Skeleton className="h-4 w-28" />}
            </>
          ) : (
            <h2 id="results-heading" tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
              {count ?? (listings.isPending ? <Skeleton className="h-7 w-44" /> : resultsCountText(type, 0))}
            </h2>
          )}
        </div>
        {/* Notes under the heading (the words a relaxed search used, a search's matches of the other type) have their place here, between the count and the sort. */}
        <RelaxedSearch search={query.search === undefined ? undefined : String(query.search)} relaxedTo={listings.data?.relaxedTo} />
        <AlsoMatches type={type} search={query.search === undefined ? undefined : String(query.search)} otherType={listings.data?.otherType} />
        <div className="mb-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-start sm:justify-between">
          <ActiveFilterChips chips={chips} hrefWith={props.hrefWith} clearHref={props.hrefWith({ ...noFilters })} />
          <div className="flex flex-wrap items-center gap-3 sm:ml-auto">
            {props.alertAction}
            <SortControl sort={filters.sort} searching={!!filters.search} onChange={(sort) => onChange({ sort })} form={props.sortForm} />
          </div>
        </div>
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
