import { Skeleton } from '../../../components/ui/skeleton';

/** The category page's hero while the category loads. */
export function CategoryHeroSkeleton() {
  return (
    <section className="border-b border-line bg-gradient-to-b from-primary-soft to-canvas">
      <div role="status" aria-label="Loading category" className="mx-auto max-w-7xl space-y-4 px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-5 w-full max-w-xl" />
        <Skeleton className="h-11 w-full max-w-2xl" />
      </div>
    </section>
  );
}
