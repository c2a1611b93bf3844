import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import type { ListingSummary, ProviderProfile } from '../../../../../shared/types';
import { ListingCard } from '../../../../components/listing/listing-card';
import { ListingGrid, ListingGridSkeleton } from '../../../../components/listing/listing-grid';
import { Button } from '../../../../components/ui/button';
import { useProviderListings } from '../../api/use-provider-listings';
import { EmptyState } from '../status-message';
import { mergeListingStreams } from './merge-listing-streams';

type TabValue = 'all' | 'services' | 'tools';
type TabContent = { items: ListingSummary[]; total: number; hasMore: boolean; isLoadingMore: boolean; failed: boolean; loadMore: () => void };

const tabs = [
  { value: 'all', label: 'All', empty: 'No listings yet' },
  { value: 'services', label: 'Services', empty: 'No services yet' },
  { value: 'tools', label: 'Tools', empty: 'No tools yet' },
] as const;

/**
 * The provider's live listings, all together or by kind. The counts are the provider's full
 * numbers; each tab shows what has been loaded and pages further with 'Load more', so a provider
 * with thousands of listings neither arrives in one response nor has listings nobody can reach.
 */
export function CompanyListingsTabs({ provider, renderAction }: { provider: ProviderProfile; renderAction?: (listing: ListingSummary) => ReactNode }) {
  const kinds = [useProviderListings('services', provider), useProviderListings('tools', provider)] as const;
  const streams = (['services', 'tools'] as const).map((type, index) => {
    const pages = kinds[index]!.data?.pages;
    return { loaded: pages?.flatMap((page) => page.items) ?? [], total: pages?.at(-1)?.total ?? provider.listingCounts[type] };
  });
  // Loading more, or the first page of a kind the profile carried none of.
  const isLoading = (index: number) => kinds[index]!.isFetchingNextPage || kinds[index]!.isPending;
  const failed = (index: number) => kinds[index]!.isFetchNextPageError || kinds[index]!.isError;
  const loadMore = (index: number) => void (kinds[index]!.data ? kinds[index]!.fetchNextPage() : kinds[index]!.refetch());
  const byKind = (index: 0 | 1): TabContent => ({
    items: streams[index]!.loaded,
    total: streams[index]!.total,
    hasMore: streams[index]!.loaded.length < streams[index]!.total,
    isLoadingMore: isLoading(index),
    failed: failed(index),
    loadMore: () => loadMore(index),
  });
  const { merged, blocked } = mergeListingStreams(streams, provider.listings);
  const content: Record<TabValue, TabContent> = {
    all: {
      items: merged,
      total: streams[0]!.total + streams[1]!.total,
      hasMore: blocked.length > 0,
      isLoadingMore: blocked.some(isLoading),
      failed: blocked.some(failed),
      loadMore: () => blocked.forEach(loadMore),
    },
    services: byKind(0),
    tools: byKind(1),
  };

  return (
    <Tabs.Root defaultValue="all">
      <Tabs.List aria-label="Listings" className="mb-6 inline-flex max-w-full overflow-x-auto rounded-lg bg-slate-100 p-1">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className="cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm"
          >
            {tab.label} ({content[tab.value].total.toLocaleString('en-US')})
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="outline-none">
          <TabListings content={content[tab.value]} empty={tab.empty} renderAction={renderAction} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

function TabListings({ content, empty, renderAction }: { content: TabContent; empty: string; renderAction?: (listing: ListingSummary) => ReactNode }) {
  if (content.total === 0) return <EmptyState title={empty} />;
  if (content.items.length === 0 && content.isLoadingMore) return <ListingGridSkeleton count={2} columns={2} />;
  return (
    <div className="space-y-6">
      <ListingGrid columns={2}>
        {content.items.map((listing) => (
          <ListingCard key={listing.id} listing={listing} action={renderAction?.(listing)} />
        ))}
      </ListingGrid>
      {content.hasMore && (
        <div className="flex flex-col items-center gap-2">
          <p className="text-sm text-muted">
            Showing {content.items.length.toLocaleString('en-US')} of {content.total.toLocaleString('en-US')}
          </p>
          {content.failed && (
            <p role="alert" className="text-sm text-danger">
              More listings could not be loaded. Please try again.
            </p>
          )}
          <Button variant="outline" disabled={content.isLoadingMore} onClick={content.loadMore}>
            {content.isLoadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
