import { formatRate } from '../../../../shared/insight';
import type { Insight } from '../../../../shared/schemas/insight';

/** The listing against its category's medians and its rank; only aggregates, never another provider's figures. */
export function CategoryComparison({ insight }: { insight: Insight }) {
  const { category, totals } = insight;
  if (!insight.listing) return null;
  if (!category) {
    return <p className="text-sm text-muted">A comparison with the category is shown for a live listing in a category of at least 5 live listings.</p>;
  }
  const rows = [
    { label: 'Views', own: String(totals.views.value), median: String(category.medianViews) },
    { label: 'Leads', own: String(totals.leads.value), median: String(category.medianLeads) },
    { label: 'Lead rate', own: formatRate(totals.leadRate.value), median: formatRate(category.medianLeadRate) },
  ];
  return (
    <section aria-labelledby="category-heading" className="space-y-3">
      <h2 id="category-heading" className="text-lg font-semibold text-ink">
        Against {category.name}
      </h2>
      <p className="text-sm text-muted">
        Rank {category.rankByViews} of {category.liveListings} by views, {category.rankByLeads} of {category.liveListings} by leads, over the same range.
      </p>
      <table className="w-full max-w-md text-sm">
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-1 font-medium">Figure</th>
            <th scope="col" className="py-1 text-right font-medium">This listing</th>
            <th scope="col" className="py-1 text-right font-medium">Category median</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-line">
              <th scope="row" className="py-1 text-left font-normal">{row.label}</th>
              <td className="py-1 text-right tabular-nums">{row.own}</td>
              <td className="py-1 text-right tabular-nums">{row.median}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
