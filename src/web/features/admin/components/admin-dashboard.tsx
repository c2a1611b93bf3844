import { lazy, type ReactNode, Suspense } from 'react';
import { useSearch } from 'wouter';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useStatusCounts } from '../api/use-admin-listings';
import { CategoriesTab } from './categories-tab';
import { CreateContentTab } from './create-content-tab';
import { ListingsTab } from './listings-tab';
import { OverviewTab } from './overview-tab';
import { PartnerProgrammesTab } from './partner-programmes-tab';
import { PendingTab } from './pending-tab';
import { PlansTab } from './plans-tab';
import { ReportedReviewsTab } from './reported-reviews-tab';
import { ClaimsTab } from './claims-tab';
import type { RichTextEditorComponent } from './rich-text-editor-type';
import { SearchTab } from './search-tab';
import { SeoTab } from './seo-tab';
import { SiteTab } from './site-tab';
import { UsersTab } from './users-tab';

// Loaded when the tab is first opened: most visits to the dashboard never import or export.
const ImportExportTab = lazy(() => import('./import-export-tab').then((module) => ({ default: module.ImportExportTab })));

const total = (counts: { approved: number; pending: number; rejected: number } | undefined) =>
  counts ? counts.approved + counts.pending + counts.rejected : undefined;

const tabs = ['overview', 'pending', 'reported-reviews', 'claims', 'partner-programmes', 'partner-applications', 'services', 'tools', 'create', 'categories', 'users', 'seo', 'search', 'site', 'plans', 'import-export'];

/** The tabs of the admin dashboard (SPEC.md section 2), Overview first, with Reported reviews, Claims (the listing claims queue), Partner programmes, Search, Site, Plans and Import / Export. */
export function AdminDashboard({ editor, applications }: { editor: RichTextEditorComponent; applications?: ReactNode }) {
  const services = useStatusCounts('services');
  const tools = useStatusCounts('tools');
  const servicesTotal = total(services.data);
  const toolsTotal = total(tools.data);
  // A tab can be linked to (/admin?tab=reported-reviews): the server renders it open, so the page works before its script runs.
  const linked = new URLSearchParams(useSearch()).get('tab');
  return (
    <Tabs key={linked ?? 'overview'} defaultValue={linked && tabs.includes(linked) ? linked : 'overview'}>
      <TabsList className="w-full justify-start sm:w-auto">
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="pending">Pending Approval</TabsTrigger>
        <TabsTrigger value="reported-reviews">Reported reviews</TabsTrigger>
        <TabsTrigger value="claims">Claims</TabsTrigger>
        <TabsTrigger value="partner-programmes">Partner programmes</TabsTrigger>
        {applications && <TabsTrigger value="partner-applications">Partner applications</TabsTrigger>}
        <TabsTrigger value="services">Services{servicesTotal !== undefined && ` (${servicesTotal})`}</TabsTrigger>
        <TabsTrigger value="tools">Tools{toolsTotal !== undefined && ` (${toolsTotal})`}</TabsTrigger>
        <TabsTrigger value="create">Create Content</TabsTrigger>
        <TabsTrigger value="categories">Categories</TabsTrigger>
        <TabsTrigger value="users">User Management</TabsTrigger>
        <TabsTrigger value="seo">SEO Settings</TabsTrigger>
        <TabsTrigger value="search">Search</TabsTrigger>
        <TabsTrigger value="site">Site</TabsTrigger>
        <TabsTrigger value="plans">Plans</TabsTrigger>
        <TabsTrigger value="import-export">Import / Export</TabsTrigger>
      </TabsList>
      <TabsContent value="overview">
        <OverviewTab />
      </TabsContent>
      <TabsContent value="pending">
        <PendingTab />
      </TabsContent>
      <TabsContent value="reported-reviews">
        <ReportedReviewsTab />
      </TabsContent>
      <TabsContent value="claims">
        <ClaimsTab />
      </TabsContent>
      <TabsContent value="partner-programmes">
        <PartnerProgrammesTab />
      </TabsContent>
      {applications && <TabsContent value="partner-applications">{applications}</TabsContent>}
      <TabsContent value="services">
        <ListingsTab type="services" />
      </TabsContent>
      <TabsContent value="tools">
        <ListingsTab type="tools" />
      </TabsContent>
      <TabsContent value="create">
        <CreateContentTab />
      </TabsContent>
      <TabsContent value="categories">
        <CategoriesTab editor={editor} />
      </TabsContent>
      <TabsContent value="users">
        <UsersTab />
      </TabsContent>
      <TabsContent value="seo">
        <SeoTab />
      </TabsContent>
      <TabsContent value="search">
        <SearchTab />
      </TabsContent>
      <TabsContent value="plans">
        <PlansTab />
      </TabsContent>
      <TabsContent value="site">
        <SiteTab />
      </TabsContent>
      <TabsContent value="import-export">
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <ImportExportTab />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}
