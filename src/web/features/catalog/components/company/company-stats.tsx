import { formatAverage } from '../../../../../shared/format';
import type { ProviderProfile } from '../../../../../shared/types';

/** The provider's numbers: live services and tools, average rating (0.0 when unrated), reviews. */
export function CompanyStats({ provider }: { provider: ProviderProfile }) {
  // listingCounts, not the listings sent along: those stop at the first 100.
  const stats = [
    { label: 'Services', value: provider.listingCounts.services.toLocaleString('en-US') },
    { label: 'Tools', value: provider.listingCounts.tools.toLocaleString('en-US') },
    { label: 'Average Rating', value: formatAverage(provider.rating) },
    { label: 'Reviews', value: provider.reviewCount.toLocaleString('en-US') },
  ];
  return (
    <section aria-label="Stats" className="rounded-xl border border-line bg-surface p-6 shadow-sm">
      <dl className="grid grid-cols-2 gap-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse rounded-lg bg-canvas p-3 text-center">
            <dt className="text-xs font-medium text-muted">{stat.label}</dt>
            <dd className="text-2xl font-bold text-ink">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
