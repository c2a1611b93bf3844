import { Suspense, lazy } from 'react';
import { Link } from 'wouter';
import { lazyPage } from '../app/lazy-page';
import type { ListingType } from '../../shared/types';
import { CompareLink } from '../components/listing/compare-link';
import { Button } from '../components/ui/button';
import { useListing } from '../features/catalog/api/use-listing';
import { ListingAbout } from '../features/catalog/components/detail/listing-about';
import { ListingDetailHeader } from '../features/catalog/components/detail/listing-detail-header';
import { ListingDetailSkeleton } from '../features/catalog/components/detail/listing-detail-skeleton';
import { ListingMedia } from '../features/catalog/components/detail/listing-media';
import { ListingSidebar } from '../features/catalog/components/detail/listing-sidebar';
import { NotLiveBanner } from '../features/catalog/components/detail/not-live-banner';
import { ReviewsSection } from '../features/catalog/components/detail/reviews-section';
import { EmptyState, ErrorState } from '../features/catalog/components/status-message';
import { useEntityPageMeta } from '../lib/page-meta';
import { useCurrentUser } from '../lib/current-user';
import { FavoriteButton } from '../features/favorites/components/favorite-button';
import { ReviewFormSlot } from '../features/reviews/components/review-form-slot';
import { ReviewActionsSlot } from '../features/reviews/components/review-actions-slot';
import { PartnerProgrammePanel } from '../features/partner-programmes/components/partner-programme-panel';
import { OwnListingContactNote } from '../features/inquiries/components/own-listing-contact-note';
import { PartnerTermsSummary } from '../features/partner-programmes/components/partner-terms-summary';
import { ApplyToProgramme } from '../features/partner-applications/components/apply-to-programme';

// Shown on the few listings the directory added itself, and a form (it carries the schema library):
// a chunk of its own that only those pages load.
const ClaimListingPanel = lazy(() => import('../features/listing-claims/components/claim-listing-panel').then((m) => ({ default: m.ClaimListingPanel })));

// Only services take messages, and the form brings the form library and its schema: tool pages
// never load it, and a service page's server render preloads it.
const ContactProviderForm = lazyPage('features/inquiries/components/contact-provider-form.tsx', () =>
  import('../features/inquiries/components/contact-provider-form').then((m) => ({ default: m.ContactProviderForm })),
);

const shell = 'mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8';

/** /tool/{id or slug} and /service/{id or slug}: one listing, its reviews, and how to get it. */
export function ListingDetailPage({ type, idOrSlug }: { type: ListingType; idOrSlug: string }) {
  const listing = useListing(type, idOrSlug);
  const { user } = useCurrentUser();
  useEntityPageMeta(type === 'tools' ? 'tool' : 'service', listing);
  const noun = type === 'tools' ? 'Tool' : 'Service';

  if (listing.isPending) {
    return (
      <main className={shell}>
        <ListingDetailSkeleton />
      </main>
    );
  }
  if (listing.error) {
    return (
      <main className={shell}>
        <ErrorState error={listing.error} onRetry={() => void listing.refetch()} />
      </main>
    );
  }
  if (!listing.data) {
    return (
      <main className={shell}>
        <EmptyState headingLevel="h1" title={`${noun} not found`} description={`This ${noun.toLowerCase()} does not exist, or it is not available any more.`}>
          <Button asChild>
            <Link href={`/${type}`}>Browse {type}</Link>
          </Button>
        </EmptyState>
      </main>
    );
  }

  const current = listing.data;
  return (
    <main className={shell}>
      <NotLiveBanner listing={current} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <ListingDetailHeader listing={current} actions={<FavoriteButton listing={current} variant="page" />} />
          {current.status === 'approved' && <CompareLink listingId={current.id} title={current.title} />}
          {/* On a phone the sidebar comes after the page: the terms' summary comes up here instead. */}
          <PartnerTermsSummary type={type} listingId={current.id} placement="top" className="rounded-xl border border-line bg-surface p-4 shadow-sm lg:hidden" />
          <ListingMedia listing={current} />
          <ListingAbout listing={current} />
          <PartnerProgrammePanel
            type={type}
            listingId={current.id}
            apply={current.status === 'approved' && <ApplyToProgramme type={type} listingId={current.id} member={user} isOwn={!!user && current.provider?.id === user.id} />}
          />
          <ReviewsSection
            type={type}
            listingId={current.id}
            form={<ReviewFormSlot listing={current} member={user} />}
            actions={(review) => <ReviewActionsSlot listing={current} member={user} review={review} />}
          />
        </div>
        <ListingSidebar
          listing={current}
          partnerSummary={<PartnerTermsSummary type={type} listingId={current.id} placement="side" className="mt-5 hidden border-t border-line pt-4 lg:block" />}
          claim={current.unclaimedCompany && current.status === 'approved' ? <Suspense fallback={null}><ClaimListingPanel listing={current} member={user} /></Suspense> : undefined}
          contact={
            current.unclaimedCompany ? undefined : type === 'services' ? (
              user && current.provider?.id === user.id ? (
                <OwnListingContactNote />
              ) : (
                <Suspense>
                  <ContactProviderForm serviceId={current.id} member={user} />
                </Suspense>
              )
            ) : undefined
          }
        />
      </div>
    </main>
  );
}
