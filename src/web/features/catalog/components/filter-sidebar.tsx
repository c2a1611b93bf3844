import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * Holds the filter panel: always open in a sidebar on wide screens, a collapsible panel behind a
 * 'Filters' button on phones, so the results stay near the top there.
 */
export function FilterSidebar({ children, activeCount, onClear }: { children: ReactNode; activeCount: number; onClear: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <aside aria-label="Filters" className="lg:sticky lg:top-20 lg:self-start">
      <button
        type="button"
        className="flex h-11 w-full cursor-pointer items-center justify-between rounded-md border border-line bg-surface px-4 text-sm font-medium text-ink hover:bg-canvas lg:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
          Filters{activeCount > 0 && ` (${activeCount})`}
        </span>
        <ChevronDown aria-hidden="true" className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} />
      </button>
      <div id={panelId} className={cn('mt-3 rounded-xl border border-line bg-surface p-5 shadow-sm lg:mt-0 lg:block', !open && 'hidden')}>
        <div className="mb-4 flex items-center justify-between">
          <h2 className="text-base font-semibold text-ink">Filters</h2>
          {activeCount > 0 && (
            <button type="button" onClick={onClear} className="cursor-pointer text-sm font-medium text-primary hover:underline">
              Clear all
            </button>
          )}
        </div>
        {children}
      </div>
    </aside>
  );
}
