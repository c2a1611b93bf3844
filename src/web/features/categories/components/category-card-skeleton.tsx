import { Skeleton } from '../../../components/ui/skeleton';

/** The shape of a CategoryCard while categories load. */
export function CategoryCardSkeleton() {
  return (
    <div className="rounded-xl border border-line bg-surface p-5 shadow-sm" data-testid="category-card-skeleton">
      <div className="flex items-start gap-4">
        <Skeleton className="h-11 w-11 shrink-0" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      </div>
    </div>
  );
}
