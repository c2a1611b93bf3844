import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ChevronDown, SlidersHorizontal } from '../../../components/ui/icons';

/**
 * Holds the filter panel: always open in a sidebar on wide screens, folded behind 'Filters' on
 * phones so the results stay near the top there. A native disclosure (<details>), so it opens
 * with or without JavaScript; wide screens show its content even while it is closed.
 */
export function FilterSidebar({ children, activeCount, clearHref }: { children: ReactNode; activeCount: number; clearHref: string }) {
  return (
    <aside aria-label="Filters" className="lg:sticky lg:top-20 lg:self-start">
      <details className="group lg:details-content:block lg:details-content:[content-visibility:visible]">
        <summary className="flex h-11 w-full cursor-pointer list-none items-center justify-between rounded-md border border-line bg-surface px-4 text-sm font-medium text-ink hover:bg-canvas focus-visible:outline-2 focus-visible:outline-primary lg:hidden [&::-webkit-details-marker]:hidden">
          <span className="inline-flex items-center gap-2">
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
            Filters{activeCount > 0 && ` (${activeCount})`}
          </span>
          <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-3 rounded-xl border border-line bg-surface p-5 shadow-sm lg:mt-0">
          <div className="mb-4 flex items-center justify-between">
            <h2 className="text-base font-semibold text-ink">Filters</h2>
            {activeCount > 0 && (
              <Link href={clearHref} className="text-sm font-medium text-primary hover:underline">
                Clear all
              </Link>
            )}
          </div>
          {children}
        </div>
      </details>
    </aside>
  );
}
