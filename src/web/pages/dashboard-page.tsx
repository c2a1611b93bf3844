import { Link, useSearch } from 'wouter';
import { ArrowRight } from '../components/ui/icons';
import { ListingCard } from '../components/listing/listing-card';
import { ListingGrid, ListingGridSkeleton } from '../components/listing/listing-grid';
import { Card } from '../components/ui/card';
import { PageSpinner } from '../components/ui/page-spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { ProfileForm } from '../features/account/components/profile-form';
import { AccountSettings } from '../features/account/components/account-settings';
import { useTrendingServices } from '../features/catalog/api/use-trending-services';
import { useCategories } from '../features/categories/api/use-categories';
import { useRecentFavorites } from '../features/favorites/api/use-recent-favorites';
import { FavoriteButton } from '../features/favorites/components/favorite-button';
import { FavoritesBoard } from '../features/favorites/components/favorites-board';
import { RecentFavorites } from '../features/favorites/components/recent-favorites';
import { useDashboardStats } from '../features/member-dashboard/api/use-dashboard-stats';
import { CategoryShortcuts } from '../features/member-dashboard/components/category-shortcuts';
import { StatCards } from '../features/member-dashboard/components/stat-cards';
import { MyReports } from '../features/reviews/components/my-reports';
import { MyApplications } from '../features/partner-applications/components/applications-list';
import { FavouriteAlerts } from '../features/alerts/components/favourite-alerts';
import { SavedSearchList } from '../features/alerts/components/saved-search-list';
import { useCurrentUser } from '../lib/current-user';

/** The spec's number of recent favourites on the overview. */
const RECENT_FAVORITES = 4;

const tabs = ['overview', 'favorites', 'alerts', 'applications', 'categories', 'trending', 'reports', 'profile'];

/** /dashboard: the member's greeting, numbers, favourites, categories, trending services, reports of reviews and profile. */
export default function DashboardPage() {
  const { user } = useCurrentUser();
  const stats = useDashboardStats();
  const recent = useRecentFavorites(RECENT_FAVORITES, !!user);
  const categories = useCategories();
  const trending = useTrendingServices();
  // A tab can be linked to (/dashboard?tab=reports, from the report notice and the decision mail): the server renders it open.
  const linked = new URLSearchParams(useSearch()).get('tab');

  // The layout shows the sign-in screen to visitors, so a user is here once loading is done.
  if (!user) return <PageSpinner />;

  return (
    <main className="mx-auto w-full max-w-7xl flex-1 space-y-8 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-ink">Welcome back, {user.firstName}!</h1>
        <p className="mt-2 text-muted">Your saved tools and services, and what is new in the directory.</p>
      </header>

      <StatCards
        favorites={recent.data?.total}
        categories={stats.data?.categories}
        tools={stats.data?.tools.approved}
        services={stats.data?.services.approved}
      />

      <Tabs key={linked ?? 'overview'} defaultValue={linked && tabs.includes(linked) ? linked : 'overview'}>
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="favorites">Favorites</TabsTrigger>
          <TabsTrigger value="alerts">Alerts</TabsTrigger>
          <TabsTrigger value="applications">Applications</TabsTrigger>
          <TabsTrigger value="categories">Categories</TabsTrigger>
          <TabsTrigger value="trending">Trending</TabsTrigger>
          <TabsTrigger value="reports">My reports</TabsTrigger>
          <TabsTrigger value="profile">Profile</TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="mt-6">
          <RecentFavorites listings={recent.data?.items ?? []} isLoading={recent.isPending} />
        </TabsContent>

        <TabsContent value="favorites" className="mt-6">
          <FavoritesBoard />
        </TabsContent>

        <TabsContent value="alerts" className="mt-6 space-y-8">
          <SavedSearchList />
          <FavouriteAlerts />
        </TabsContent>

        <TabsContent value="applications" className="mt-6">
          <MyApplications />
        </TabsContent>

        <TabsContent value="categories" className="mt-6">
          <CategoryShortcuts categories={categories.data ?? []} isLoading={categories.isPending} />
        </TabsContent>

        <TabsContent value="trending" className="mt-6 space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-semibold text-ink">Trending services</h2>
            <Link href="/trending" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
              See all trending
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </div>
          {trending.isPending ? (
            <ListingGridSkeleton count={3} />
          ) : trending.data && trending.data.length > 0 ? (
            <ListingGrid>
              {trending.data.slice(0, 6).map((listing) => (
                <ListingCard key={listing.id} listing={listing} action={<FavoriteButton listing={listing} />} />
              ))}
            </ListingGrid>
          ) : (
            <p className="rounded-xl border border-dashed border-line bg-surface px-4 py-6 text-sm text-muted">
              {trending.error ? trending.error.message : 'No trending services yet'}
            </p>
          )}
        </TabsContent>

        <TabsContent value="reports" className="mt-6">
          <MyReports />
        </TabsContent>

        <TabsContent value="profile" className="mt-6">
          <Card className="max-w-3xl p-5 sm:p-8">
            <h2 className="mb-1 text-xl font-semibold text-ink">Your profile</h2>
            <p className="mb-6 text-sm text-muted">How providers and other members see you.</p>
            <ProfileForm user={user} />
          </Card>
          <div className="mt-6">
            <AccountSettings user={user} />
          </div>
        </TabsContent>
      </Tabs>
    </main>
  );
}
