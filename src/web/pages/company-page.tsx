import { Link } from 'wouter';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { RatingBreakdown } from '../components/listing/rating-breakdown';
import { useProvider } from '../features/catalog/api/use-provider';
import { CompanyListingsTabs } from '../features/catalog/components/company/company-listings-tabs';
import { CompanyProfileCard } from '../features/catalog/components/company/company-profile-card';
import { CompanyStats } from '../features/catalog/components/company/company-stats';
import { EmptyState, ErrorState } from '../features/catalog/components/status-message';
import { useEntityPageMeta } from '../lib/page-meta';
import { favoriteAction } from '../features/favorites/components/favorite-action';

const shell = 'mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8';

/** /company/{id or slug}: a provider's profile and their live listings. */
export function CompanyPage({ idOrSlug }: { idOrSlug: string }) {
  const provider = useProvider(idOrSlug);
  useEntityPageMeta('company', provider);

  if (provider.isPending) {
    return (
      <main className={shell}>
        <div role="status" aria-label="Loading" className="space-y-6">
          <Skeleton className="h-36 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      </main>
    );
  }
  if (provider.error) {
    return (
      <main className={shell}>
        <ErrorState error={provider.error} onRetry={() => void provider.refetch()} />
      </main>
    );
  }
  if (!provider.data) {
    return (
      <main className={shell}>
        <EmptyState headingLevel="h1" title="Company Not Found" description="The company you are looking for does not exist or is no longer listed.">
          <Button asChild>
            <Link href="/">Go back home</Link>
          </Button>
        </EmptyState>
      </main>
    );
  }

  const profile = provider.data;
  return (
    <main className={`${shell} space-y-8`}>
      <CompanyProfileCard provider={profile} />
      <div className="grid gap-8 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="space-y-6">
          <section aria-labelledby="about-heading" className="rounded-xl border border-line bg-surface p-6 shadow-sm">
            <h2 id="about-heading" className="mb-3 text-lg font-semibold text-ink">
              About
            </h2>
            <p className="text-sm leading-6 break-words whitespace-pre-line text-muted">{profile.bio || 'This provider has not written about themselves yet.'}</p>
          </section>
          <CompanyStats provider={profile} />
          {profile.reviewCount > 0 && (
            <section aria-labelledby="ratings-heading" className="rounded-xl border border-line bg-surface p-6 shadow-sm">
              <h2 id="ratings-heading" className="mb-3 text-lg font-semibold text-ink">
                Ratings across their listings
              </h2>
              <RatingBreakdown rating={profile.rating} reviewCount={profile.reviewCount} stars={profile.ratingBreakdown} />
            </section>
          )}
        </div>
        <section aria-labelledby="listings-heading" className="min-w-0">
          <h2 id="listings-heading" className="mb-4 text-xl font-semibold text-ink">
            Listings
          </h2>
          <CompanyListingsTabs provider={profile} renderAction={favoriteAction} />
        </section>
      </div>
    </main>
  );
}
