import { lazy } from 'react';
import { AccessDenied } from '../features/admin/components/access-denied';
import { AdminDashboard } from '../features/admin/components/admin-dashboard';
import { AdminSkeleton } from '../features/admin/components/admin-skeleton';
import { AdminApplications } from '../features/partner-applications/components/applications-list';
import { useCurrentUser } from '../lib/current-user';
import { usePageMeta } from '../lib/page-meta';

// Quill loads only when an administrator opens the category dialog.
const RichTextEditor = lazy(() => import('../features/rich-text/rich-text-editor').then((module) => ({ default: module.RichTextEditor })));

/** /admin. Signed-out visitors get the layout's sign-in screen before this page renders. */
export default function AdminPage() {
  usePageMeta('admin');
  const { user, isLoading } = useCurrentUser();
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      {isLoading ? (
        <AdminSkeleton />
      ) : !user?.isAdmin ? (
        <AccessDenied />
      ) : (
        <>
          <header className="mb-6">
            <h1 className="text-3xl font-bold tracking-tight text-ink">Admin Dashboard</h1>
            <p className="mt-2 text-muted">Moderate listings, manage categories and users, and tune how pages appear in search.</p>
          </header>
          <AdminDashboard editor={RichTextEditor} applications={<AdminApplications />} />
        </>
      )}
    </main>
  );
}
