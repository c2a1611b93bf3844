import { useRef, type ReactNode } from 'react';
import { ChevronDown, SlidersHorizontal } from '../../../components/ui/icons';
import { useHydrated } from '../../../lib/use-hydrated';

type FilterSidebarProps = {
  children: ReactNode;
  activeCount: number;
  /** The phone panel's closing button: 'Show 12 results'. */
  showResultsLabel: string;
  /** Brings the results into view once the panel has closed. */
  onShowResults: () => void;
};

/**
 * Holds the filter panel: a sidebar on wide screens, scrolling on its own so a filter low in it is
 * reached without scrolling the results away; folded behind 'Filters' on phones so the results
 * stay near the top there. A native disclosure (<details>), so it opens with or without
 * JavaScript; wide screens show its content even while it is closed. On a phone the open panel
 * ends in a button that stays at the foot of the screen, closes the panel and lands on the results.
 */
export function FilterSidebar({ children, activeCount, showResultsLabel, onShowResults }: FilterSidebarProps) {
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);

  function showResults() {
    if (details.current) details.current.open = false;
    onShowResults();
  }

  return (
    // Focusable: on wide screens it scrolls on its own, and a keyboard reaches a scrolling region
    // only through a tab stop (axe: scrollable-region-focusable); its filters sit in a <details>
    // that is closed there, so they do not count as its focusable content.
    <aside aria-label="Filters" tabIndex={0} className="focus-visible:outline-2 focus-visible:outline-primary lg:sticky lg:top-[calc(var(--site-header)+1rem)] lg:max-h-[calc(100vh-var(--site-header)-2rem)] lg:self-start lg:overflow-y-auto lg:overscroll-contain">
      <details ref={details} className="group lg:details-content:block lg:details-content:[content-visibility:visible]">
        <summary className="flex h-11 w-full cursor-pointer list-none items-center justify-between rounded-md border border-line bg-surface px-4 text-sm font-medium text-ink hover:bg-canvas focus-visible:outline-2 focus-visible:outline-primary lg:hidden [&::-webkit-details-marker]:hidden">
          <span className="inline-flex items-center gap-2">
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
            Filters{activeCount > 0 && ` (${activeCount})`}
          </span>
          <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-3 rounded-xl border border-line bg-surface p-5 shadow-sm lg:mt-0">
          <h2 className="mb-4 text-base font-semibold text-ink">Filters</h2>
          {children}
          {/* Needs the script to close the panel; without it the panel's Apply button does this job. */}
          {hydrated && (
            <div className="sticky bottom-0 -mx-5 -mb-5 mt-5 rounded-b-xl border-t border-line bg-surface px-5 py-3 lg:hidden">
              <button
                type="button"
                onClick={showResults}
                className="inline-flex h-11 w-full cursor-pointer items-center justify-center rounded-md bg-primary text-sm font-medium text-white hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                {showResultsLabel}
              </button>
            </div>
          )}
        </div>
      </details>
    </aside>
  );
}
