import { Link } from 'wouter';
import { compareAddress } from '../../../../shared/compare-ids';
import type { CompareItem } from '../../../../shared/schemas/compare';
import { listingPath } from '../../../components/listing/listing-paths';
import { cn } from '../../../lib/cn';
import { compareSections, type SharedCalculation } from '../compare-rows';
import { COMPARE_PROFIT_ANCHOR } from './compare-calculator';

/**
 * The listings side by side: one column each, a row per fact, rows whose values differ marked (a
 * tint and the words "differs" for screen readers). The table scrolls within its own box, at most
 * a screen high, so that the row of listing names stays at its top and, on a phone, the label
 * column at its left, however far one reads.
 */
export function CompareTable({ items, calc, from }: { items: CompareItem[]; calc: SharedCalculation | null; from: string | null }) {
  const ids = items.map((item) => item.listing.id);
  const sections = compareSections(items, calc);
  const label = 'sticky left-0 z-10 w-28 min-w-28 border-r border-line px-3 py-2 text-left align-top text-xs font-medium text-muted sm:w-48 sm:min-w-48 sm:text-sm';
  return (
    <div className="relative max-h-[calc(100vh-var(--site-header)-2rem)] overflow-auto overscroll-contain rounded-xl border border-line bg-surface shadow-sm" data-testid="compare-table">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Listings compared side by side; rows whose values differ are marked</caption>
        <thead>
          <tr>
            <td className={cn(label, 'top-0 z-30 border-b bg-surface')} />
            {items.map((item) => (
              <th key={item.listing.id} scope="col" className="sticky top-0 z-20 min-w-36 border-b border-line bg-surface px-3 py-3 text-left align-top sm:min-w-40" data-testid="compare-column">
                <Link href={listingPath(item.listing)} className="font-semibold text-ink hover:text-primary hover:underline">
                  {item.listing.title}
                </Link>
                <div className="mt-1">
                  <Link href={compareAddress(ids.filter((id) => id !== item.listing.id), from)} className="text-xs font-normal text-muted underline" data-testid="compare-remove">
                    Remove<span className="sr-only"> {item.listing.title}</span>
                  </Link>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        {/* The table scrolls on its own under its sticky header row: scroll-mt keeps an anchored
            section clear of that row (the page's own padding clears the site header). */}
        {sections.map((section) => (
          <tbody key={section.title} id={section.title.startsWith('Your profit') ? COMPARE_PROFIT_ANCHOR : undefined} className="scroll-mt-24">
            <tr>
              <th scope="colgroup" colSpan={items.length + 1} className="border-b border-line bg-canvas px-3 py-2 text-left text-sm font-semibold text-ink">
                {/* The section's name stays in view as the table scrolls sideways. */}
                <span className="sticky left-3">{section.title}</span>
              </th>
            </tr>
            {section.rows.map((row) => (
              <tr key={row.label} className={cn(row.differs && 'bg-amber-50')} data-differs={row.differs ? 'true' : undefined}>
                <th scope="row" className={cn(label, 'border-b', row.differs ? 'bg-amber-50' : 'bg-surface')}>
                  {row.label}
                  {row.differs && <span className="sr-only"> (differs)</span>}
                </th>
                {row.values.map((value, index) => (
                  <td key={ids[index]} className="border-b border-line px-3 py-2 align-top text-ink">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
