import { Link } from 'wouter';
import { compareHref } from '../../../../shared/compare-ids';
import type { CompareItem } from '../../../../shared/schemas/compare';
import { listingPath } from '../../../components/listing/listing-paths';
import { cn } from '../../../lib/cn';
import { compareSections, type SharedCalculation } from '../compare-rows';

/**
 * The listings side by side: one column each, a row per fact, rows whose values differ marked (a
 * tint and the words "differs" for screen readers). On a phone the table scrolls sideways under a
 * label column that stays put.
 */
export function CompareTable({ items, calc }: { items: CompareItem[]; calc: SharedCalculation }) {
  const ids = items.map((item) => item.listing.id);
  const sections = compareSections(items, calc);
  const label = 'sticky left-0 z-10 w-32 min-w-32 border-r border-line px-3 py-2 text-left align-top text-xs font-medium text-muted sm:w-48 sm:min-w-48 sm:text-sm';
  return (
    <div className="relative overflow-x-auto rounded-xl border border-line bg-surface shadow-sm" data-testid="compare-table">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Listings compared side by side; rows whose values differ are marked</caption>
        <thead>
          <tr className="border-b border-line">
            <td className={cn(label, 'bg-surface')} />
            {items.map((item) => (
              <th key={item.listing.id} scope="col" className="min-w-40 px-3 py-3 text-left align-top">
                <Link href={listingPath(item.listing)} className="font-semibold text-ink hover:text-primary hover:underline">
                  {item.listing.title}
                </Link>
                <div className="mt-1">
                  <Link href={compareHref(ids.filter((id) => id !== item.listing.id))} className="text-xs font-normal text-muted underline" data-testid="compare-remove">
                    Remove<span className="sr-only"> {item.listing.title}</span>
                  </Link>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        {sections.map((section) => (
          <tbody key={section.title}>
            <tr>
              <th scope="colgroup" colSpan={items.length + 1} className="bg-canvas px-3 py-2 text-left text-sm font-semibold text-ink">
                {section.title}
              </th>
            </tr>
            {section.rows.map((row) => (
              <tr key={row.label} className={cn('border-b border-line', row.differs && 'bg-amber-50')} data-differs={row.differs ? 'true' : undefined}>
                <th scope="row" className={cn(label, row.differs ? 'bg-amber-50' : 'bg-surface')}>
                  {row.label}
                  {row.differs && <span className="sr-only"> (differs)</span>}
                </th>
                {row.values.map((value, index) => (
                  <td key={ids[index]} className="px-3 py-2 align-top text-ink">
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
