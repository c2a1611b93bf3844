import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { ListingCardSkeleton } from './listing-card-skeleton';

/** The responsive grid cards sit in: one column on phones, up to `columns` on wide screens. */
export function ListingGrid({ children, columns = 3, className }: { children: ReactNode; columns?: 2 | 3 | 4; className?: string }) {
  return (
    <div
      className={cn(
        'grid grid-cols-1 gap-6 sm:grid-cols-2',
        columns === 3 && 'xl:grid-cols-3',
        columns === 4 && 'lg:grid-cols-3 xl:grid-cols-4',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** `count` card placeholders in the grid, announced once to screen readers. */
export function ListingGridSkeleton({ count, columns }: { count: number; columns?: 2 | 3 | 4 }) {
  return (
    <div role="status" aria-label="Loading">
      <ListingGrid columns={columns}>
        {Array.from({ length: count }, (_, index) => (
          <ListingCardSkeleton key={index} />
        ))}
      </ListingGrid>
    </div>
  );
}
