import { Skeleton } from '../../../components/ui/skeleton';

/** What the admin page shows while it learns who is signed in. */
export function AdminSkeleton() {
  return (
    <div role="status" className="space-y-6" aria-busy="true" aria-label="Loading the admin dashboard">
      <Skeleton className="h-10 w-full max-w-3xl" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
