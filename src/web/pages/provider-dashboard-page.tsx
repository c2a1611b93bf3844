import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { LogIn } from '../components/ui/icons';
import { formatPersonName } from '../../shared/format';
import type { User } from '../../shared/types';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { PageSpinner } from '../components/ui/page-spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useProviderStats } from '../features/provider-dashboard/api/use-provider-stats';
import { BecomeProvider } from '../features/provider-dashboard/components/become-provider';
import { LeadsInbox } from '../features/provider-dashboard/components/leads-inbox';
import { ApplicationsInbox } from '../features/partner-applications/components/applications-list';
import { OwnListingsPanel } from '../features/provider-dashboard/components/own-listings-panel';
import { ProviderProfileForm } from '../features/provider-dashboard/components/provider-profile-form';
import { AccountSettings } from '../features/account/components/account-settings';
import { ProviderStatsGrid } from '../features/provider-dashboard/components/provider-stats-grid';
import { useSignInRedirect } from '../features/provider-dashboard/use-sign-in-redirect';
import { MonthlyEmailSetting } from '../features/provider-insight/components/monthly-email-setting';
import { MyReports } from '../features/reviews/components/my-reports';
import { PlanNotice } from '../features/plans/components/plan-notice';
import { PlanTab } from '../features/plans/components/plan-tab';
import { useCurrentUser } from '../lib/current-user';

const tabs = ['listings', 'leads', 'applications', 'reports', 'plan', 'profile'];

/** /provider: a provider's stats, listings, leads, partner applications, reports of reviews and profile (SPEC.md section 2). */
export default function ProviderDashboardPage() {
  const { user, isLoading } = useCurrentUser();
  useSignInRedirect(!isLoading && !user);

  if (isLoading) return <PageSpinner />;
  if (!user) return <SignedOut />;

  const name = formatPersonName(user) || user.email;
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <header className="mb-8 space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Provider Dashboard</h1>
        <p className="text-muted">
          {user.isProvider ? `Welcome back, ${name}. Manage your services and tools, and answer your leads.` : `Welcome, ${name}.`}
        </p>
      </header>
      {user.isProvider ? <ProviderWorkspace user={user} /> : <BecomeProvider user={user} />}
    </main>
  );
}

function ProviderWorkspace({ user }: { user: User }) {
  const unread = useProviderStats().data?.leads.unread ?? 0;
  // A tab can be linked to (/provider?tab=reports, from the decision mail): the server renders it open.
  const linked = new URLSearchParams(useSearch()).get('tab');
  // A member who just became a provider was at the bottom of the profile form: show the dashboard from its top.
  // In braces: Chromium's scrollTo returns a promise, which React would call as the effect's clean-up on leaving the page.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className="space-y-8">
      <PlanNotice />
      <ProviderStatsGrid />
      <p>
        <a href="/provider/insight" className="font-medium text-primary hover:underline">
          Daily figures: views, visitors, leads and clicks per listing
        </a>
      </p>
      <Tabs key={linked ?? 'listings'} defaultValue={linked && tabs.includes(linked) ? linked : 'listings'}>
        <TabsList aria-label="Provider dashboard sections">
          <TabsTrigger value="listings">Listings</TabsTrigger>
          <TabsTrigger value="leads">
            Leads
            {unread > 0 && (
              <Badge tone="primary" aria-label={`${unread} unread`}>
                {unread}
              </Badge>
            )}
          </TabsTrigger>
          <TabsTrigger value="applications">Applications</TabsTrigger>
          <TabsTrigger value="reports">My reports</TabsTrigger>
          <TabsTrigger value="plan">Plan</TabsTrigger>
          <TabsTrigger value="profile">Profile</TabsTrigger>
        </TabsList>
        <TabsContent value="listings" className="mt-6">
          <OwnListingsPanel />
        </TabsContent>
        <TabsContent value="leads" className="mt-6">
          <h2 className="sr-only">Leads</h2>
          <LeadsInbox />
        </TabsContent>
        <TabsContent value="applications" className="mt-6">
          <ApplicationsInbox />
        </TabsContent>
        <TabsContent value="reports" className="mt-6">
          <MyReports />
        </TabsContent>
        <TabsContent value="plan" className="mt-6">
          <PlanTab />
        </TabsContent>
        <TabsContent value="profile" className="mt-6 max-w-3xl">
          <h2 className="sr-only">Profile</h2>
          <div className="space-y-6">
            <ProviderProfileForm user={user} />
            <MonthlyEmailSetting />
            <AccountSettings user={user} />
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function SignedOut() {
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-bold text-ink">Provider Dashboard</h1>
        <p className="text-muted">You need to be logged in to access the provider dashboard. Taking you to the sign-in page...</p>
        <Button asChild>
          <a href="/api/login">
            <LogIn className="h-4 w-4" aria-hidden="true" />
            Log in
          </a>
        </Button>
      </div>
    </main>
  );
}
