import type { ReactNode } from 'react';
import type { ListingSummary } from '../../../../../shared/types';
import { ListingCard } from '../../../../components/listing/listing-card';
import { ListingGrid, ListingGridSkeleton } from '../../../../components/listing/listing-grid';
import { useFeaturedServices } from '../../api/use-featured-services';
import { EmptyState, ErrorState } from '../status-message';
import { HomeSection } from './home-section';

const FEATURED_SHOWN = 6;

/** Up to six featured services (SPEC.md section 9): the editors' picks and the plans' paid slots. */
export function FeaturedServices({ renderAction }: { renderAction?: (listing: ListingSummary) => ReactNode }) {
  const featured = useFeaturedServices();
  let body: ReactNode;
  if (featured.isPending) body = <ListingGridSkeleton count={FEATURED_SHOWN} />;
  else if (featured.error) body = <ErrorState error={featured.error} onRetry={() => void featured.refetch()} />;
  else if (featured.data.length === 0) body = <EmptyState title="No featured services yet" description="Browse every service while our editors pick the best." />;
  else
    body = (
      <ListingGrid>
        {featured.data.slice(0, FEATURED_SHOWN).map((listing) => (
          <ListingCard key={listing.id} listing={listing} action={renderAction?.(listing)} featuredBadge={false} />
        ))}
      </ListingGrid>
    );
  return (
    <HomeSection
      id="featured-heading"
      title="Featured Services"
      description={
        // Every card here is featured: the section says so once, and what it means, instead of a
        // badge and its link on each of the six cards; a paid slot's card is still marked Sponsored.
        <>
          Hand-picked services from providers with a record of delivering for agencies.{' '}
          <a href="/pricing#featured" className="link-in-text">
            What featured means
          </a>
        </>
      }
      more={{ href: '/services', label: 'View all services' }}
    >
      {body}
    </HomeSection>
  );
}
