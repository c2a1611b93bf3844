import { Link } from 'wouter';
import { X } from '../../../components/ui/icons';
import type { FilterChip } from '../active-filters';
import type { ListingFilters } from '../listing-filters';

type ActiveFilterChipsProps = {
  chips: FilterChip[];
  /** The address of these results with a change applied, from page 1. */
  hrefWith: (change: Partial<ListingFilters>) => string;
  clearHref: string;
};

/**
 * The chosen filters above the results, each a link to the same results without it, and 'Clear
 * all': plain links, so they work before and without the script, and Back brings a filter back.
 */
export function ActiveFilterChips({ chips, hrefWith, clearHref }: ActiveFilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 className="sr-only">Active filters</h3>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              href={hrefWith(chip.without)}
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex h-8 items-center gap-1.5 rounded-full border border-primary/30 bg-primary-soft px-3 text-sm font-medium text-primary hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
            >
              {chip.label}
              <X aria-hidden="true" className="h-3.5 w-3.5" />
            </Link>
          </li>
        ))}
      </ul>
      <Link href={clearHref} className="px-1 text-sm font-medium text-primary underline-offset-2 hover:underline">
        Clear all
      </Link>
    </div>
  );
}
