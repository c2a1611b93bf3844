import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import type { Listing } from '../../../../../shared/types';
import { ListingCard } from '../../../../components/listing/listing-card';
import { ListingGrid } from '../../../../components/listing/listing-grid';
import { EmptyState } from '../status-message';

const tabs = [
  { value: 'all', label: 'All', empty: 'No listings yet' },
  { value: 'services', label: 'Services', empty: 'No services yet' },
  { value: 'tools', label: 'Tools', empty: 'No tools yet' },
] as const;

/** The provider's live listings, all together or by kind. */
export function CompanyListingsTabs({ listings, renderAction }: { listings: Listing[]; renderAction?: (listing: Listing) => ReactNode }) {
  const of = (value: (typeof tabs)[number]['value']) => (value === 'all' ? listings : listings.filter((listing) => listing.type === value));
  return (
    <Tabs.Root defaultValue="all">
      <Tabs.List aria-label="Listings" className="mb-6 inline-flex rounded-lg bg-slate-100 p-1">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className="cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium text-muted data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm"
          >
            {tab.label} ({of(tab.value).length})
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="outline-none">
          {of(tab.value).length === 0 ? (
            <EmptyState title={tab.empty} />
          ) : (
            <ListingGrid columns={2}>
              {of(tab.value).map((listing) => (
                <ListingCard key={listing.id} listing={listing} action={renderAction?.(listing)} />
              ))}
            </ListingGrid>
          )}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
